"""A two-layer regressor on raw tf.Variables; the hidden activation comes from the
helper class's staticmethod `Act.squash(h)`.  Mid-run the loop re-initialises that
staticmethod object in place (`Act.__dict__["squash"].__init__(fn)`), so the class
dict entry stays the same object but wraps a different function each time."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(21)


def soft_clip(h):
    return tf.clip_by_value(h, -0.5, 0.5)


def leaky(h):
    return tf.nn.leaky_relu(h, 0.1)


def plain_tanh(h):
    return tf.tanh(h)


class Act:
    @staticmethod
    def squash(h):
        return tf.tanh(h)


rng = np.random.default_rng(67)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 1:2] + XS[:, 2:] ** 2).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = Act.squash(x @ W)
        loss = tf.reduce_mean(tf.square(h @ V - y))
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.05 * gw)
    V.assign_sub(0.05 * gv)
    return loss


for step in range(24):
    if step == 7:
        Act.__dict__["squash"].__init__(soft_clip)
    if step == 14:
        Act.__dict__["squash"].__init__(leaky)
    if step == 19:
        Act.__dict__["squash"].__init__(plain_tanh)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), Act.__dict__["squash"].__func__.__name__)
print(json.dumps({"w": W.numpy().ravel().tolist(), "v": V.numpy().ravel().tolist()}))
