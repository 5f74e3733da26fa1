"""Data augmentation without a tape: `augment(x)` adds noise drawn from
`tf.random.get_global_generator()` and counts its calls. At step 12 the loop makes the
augmentation reproducible per phase with `tf.random.set_global_generator(
tf.random.Generator.from_seed(77))`; eager's augment asks for the global generator at
every call, so from then on it draws from the new generator and the old one stops moving."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(509)
tf.random.set_global_generator(tf.random.Generator.from_seed(5))
FIRST_GEN = tf.random.get_global_generator()

rng = np.random.default_rng(13)
XS = rng.normal(size=(64, 4)).astype("float32")
YS = (XS[:, :1] * 2.0 - XS[:, 1:2]).astype("float32")
W = tf.Variable(tf.zeros([4, 1]))
AUG_CALLS = 0
NOISE_SCALE = 0.3


def augment(x):
    global AUG_CALLS
    AUG_CALLS += 1
    gen = tf.random.get_global_generator()
    return x + NOISE_SCALE * gen.normal(tf.shape(x))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(30):
    if step == 12:
        tf.random.set_global_generator(tf.random.Generator.from_seed(77))
    i = (step * 8) % 56
    xa = augment(tf.constant(XS[i:i + 8]))
    loss = train_step(xa, tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(xa[0, 0])), AUG_CALLS)

print("first gen state", FIRST_GEN.state.numpy().tolist())
print("global gen state", tf.random.get_global_generator().state.numpy().tolist())
print("W", W.numpy().ravel().tolist())
