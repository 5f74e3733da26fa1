"""Per-example gradients by tape.jacobian(..., experimental_use_pfor=False): eager runs
a while loop of its own ops (no tf.function of its own), so the step converts.  They
are clipped to CLIP, which the loop lowers at step 10."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(72)
rng = np.random.default_rng(72)
X = tf.constant(rng.normal(size=(6, 3)).astype("float32"))
Y = tf.constant(rng.normal(size=(6, 1)).astype("float32"))
W = tf.Variable(rng.normal(size=(3, 1)).astype("float32"))
opt = tf.keras.optimizers.SGD(0.05)
CLIP = 1.0


def train_step():
    with tf.GradientTape(persistent=True) as tape:
        per_example = tf.square(X @ W - Y)[:, 0]
    jac = tape.jacobian(per_example, W, experimental_use_pfor=False)
    flat = tf.reshape(jac, [6, -1])
    scale = tf.minimum(1.0, CLIP / (tf.norm(flat, axis=1) + 1e-12))
    grad = tf.reduce_sum(jac * tf.reshape(scale, [6, 1, 1]), axis=0) / 6.0
    opt.apply_gradients([(grad, W)])
    return tf.reduce_mean(per_example)


for i in range(24):
    if i == 10:
        CLIP = 0.2
    print(i, repr(float(train_step())), repr(float(W[1, 0])))
