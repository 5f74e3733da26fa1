"""A loss post-processor built from cooperative mixins: `Head.adjust` calls
`super().adjust(h)`.  Mid-run the loop rewires the class hierarchy itself
(`Head.__bases__ = ...`), which writes no class dict: first to another mixin, then to
a three-class chain whose middle class calls super() again."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)


class Plain:
    def adjust(self, h):
        return h


class Relu:
    def adjust(self, h):
        return tf.nn.relu(h)


class Damp:
    def adjust(self, h):
        return super().adjust(h) * 0.5


class Head(Plain):
    def adjust(self, h):
        return super().adjust(h) + 0.1


rng = np.random.default_rng(31)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 2:]).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
HEAD = Head()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = HEAD.adjust(x @ W)
        loss = tf.reduce_mean(tf.square(h @ V - y))
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.05 * gw)
    V.assign_sub(0.05 * gv)
    return loss


for step in range(24):
    if step == 7:
        Head.__bases__ = (Relu,)
    if step == 14:
        Head.__bases__ = (Damp, Plain)
    if step == 19:
        Head.__bases__ = (Plain,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [c.__name__ for c in Head.__mro__])
print(json.dumps({"v": V.numpy().ravel().tolist()}))
