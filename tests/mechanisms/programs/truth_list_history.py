"""`if HISTORY:` on a global list the loop appends to from step 8 on (empty before): the
step scales its loss by the last recorded loss once there is one."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(71)
rng = np.random.default_rng(71)
HISTORY = []
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x, y):
    scale = 1.0 / (1.0 + HISTORY[-1]) if HISTORY else 1.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
    w.assign_sub(0.1 * scale * tape.gradient(loss, w))
    return loss, scale


for i in range(22):
    loss, scale = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                             tf.constant(rng.normal(size=(4, 1)).astype(np.float32)))
    if i >= 8:
        HISTORY.append(float(loss))
    print(i, repr(float(loss)), repr(scale))
