"""The step post-processes a hidden layer through a program object whose class uses
cooperative mixins: `Head.adjust` calls `super().adjust(h)` and the mixin's `adjust`
calls `self.gain()`.  Mid-run the program rewires the class hierarchy itself, not any
class dict entry: at step 10 `Head.__bases__ = (GainB,)` (another mixin, another
`adjust` and `gain`), at step 17 it replaces `GainB.gain`, at step 23
`Head.__bases__ = (Mid, GainA)` (a three-level cooperative chain, Mid.adjust calling
super() again), and at step 29 it sets `Mid.scale` on the middle class.  Probes: the
MRO walked for super() and method lookups when `__bases__` is assigned between calls
(no attribute of any class is written by that)."""
import random

import numpy

random.seed(5617)
numpy.random.seed(5617)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5617)
rng = np.random.default_rng(5617)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] + XS[:, 1:2]) - 0.3 * XS[:, 3:4]).astype(np.float32)


class GainA:
    def gain(self):
        return 1.0

    def adjust(self, h):
        return h * self.gain()


class GainB:
    def gain(self):
        return 0.5

    def adjust(self, h):
        return tf.nn.relu(h) * self.gain()


class Mid:
    scale = 0.9

    def adjust(self, h):
        return super().adjust(h) * self.scale


class Head(GainA):
    def adjust(self, h):
        return super().adjust(h) + 0.1


HEAD = Head()
W = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = HEAD.adjust(tf.matmul(x, W))
        loss = tf.reduce_mean(tf.square(tf.matmul(h, V) - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss


for step in range(34):
    if step == 10:
        Head.__bases__ = (GainB,)
    if step == 17:
        GainB.gain = lambda self: 2.0
    if step == 23:
        Head.__bases__ = (Mid, GainA)
    if step == 29:
        Mid.scale = 0.25
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [c.__name__ for c in Head.__mro__],
          repr(float(V.numpy()[0, 0])))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()[:6]],
                  "v": [repr(float(v)) for v in V.numpy().ravel()]}))
