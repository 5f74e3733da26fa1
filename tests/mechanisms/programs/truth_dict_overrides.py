"""`if OVERRIDES:` on a global dict, empty until the loop sets a learning-rate override at
step 11; the loop empties it again at step 17."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(72)
rng = np.random.default_rng(72)
OVERRIDES = {}
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x, y):
    lr = 0.02 if OVERRIDES else 0.1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
    w.assign_sub(lr * tape.gradient(loss, w))
    return loss, lr


for i in range(22):
    if i == 11:
        OVERRIDES["lr"] = "low"
    if i == 17:
        OVERRIDES.clear()
    loss, lr = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                          tf.constant(rng.normal(size=(4, 1)).astype(np.float32)))
    print(i, repr(float(loss)), lr)
