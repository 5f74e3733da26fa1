"""TF random numbers under a global seed: the step adds tf.random.normal input noise and a
tf.random.uniform feature-drop mask. At step 10 the loop calls tf.random.set_seed(2424) again
(restarting the augmentation stream, as a resumed run does), so eager's draws from then on repeat
those of step 0 onward. Expects the noise/mask statistics, losses and weights as in eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2424)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(2424)
X = tf.constant(rng.normal(size=(32, 4)))
Y = tf.constant(X.numpy() @ np.array([[0.3], [0.8], [-0.6], [0.1]]))
W = tf.Variable(tf.zeros((4, 1), tf.float64))
NOISE_SUMS = []


def train_step(x, y):
    noise = tf.random.normal(tf.shape(x), stddev=0.1, dtype=tf.float64)
    keep = tf.cast(tf.random.uniform(tf.shape(x), dtype=tf.float64) > 0.2, tf.float64)
    xn = (x + noise) * keep
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(xn, W) - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    NOISE_SUMS.append(float(tf.reduce_sum(noise)))
    return loss, float(tf.reduce_sum(keep))


for step in range(30):
    if step == 10:
        tf.random.set_seed(2424)
    loss, kept = train_step(X, Y)
    print(f"step {step:2d} noise_sum={NOISE_SUMS[-1]!r} kept={kept!r} loss={float(loss)!r}")

AFTER = tf.random.normal([2], dtype=tf.float64).numpy().tolist()
print(f"final repeats_step0={NOISE_SUMS[10] == NOISE_SUMS[0]} next_draw={AFTER!r} w={W.numpy().ravel().tolist()!r}")
