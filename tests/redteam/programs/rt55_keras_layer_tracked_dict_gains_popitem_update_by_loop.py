"""The program's own Keras layer `MixHead` keeps per-feature gains in a dict attribute
(`self.gains = {...}`, which Keras wraps in its TrackedDict) and a list attribute of
offsets (a TrackedList).  Its call reads them in the dict's order to build a gain vector
and adds the offsets.  Between calls the loop pops the last gain with popitem (step 7),
re-inserts it under another value with update() of a dict (step 12),
rebinds one gain in place (step 17), assigns a brand-new plain dict (step 22: Keras wraps
it again) and edits the offsets list in place (step 27).
Probes: Keras' TrackedDict/TrackedList held by the program's layer, read in the
layer's call while the step runs, changed by popitem/update/item writes and replaced
between converted calls."""
import random

import numpy

random.seed(5532)
numpy.random.seed(5532)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5532)
rng = np.random.default_rng(5532)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 1:2] + 0.5 * XS[:, 2:3]).astype(np.float32)


class MixHead(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.gains = {"a": 1.0, "b": 0.5, "c": 0.25}
        self.offsets = [0.0, 0.1, -0.1]

    def build(self, input_shape):
        self.w = self.add_weight(shape=(3, 1), initializer="glorot_uniform", name="w")

    def call(self, x):
        g = tf.constant([v for v in self.gains.values()][:3] + [1.0] * (3 - min(3, len(self.gains))))
        off = tf.constant(list(self.offsets))
        return (x * g + off) @ self.w


HEAD = MixHead()
MODEL = keras.Sequential([keras.Input((3,)), HEAD])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 7:
        HEAD.gains.popitem()
    if step == 12:
        HEAD.gains.update({"c": 2.0, "a": 0.75})
    if step == 17:
        HEAD.gains["b"] = 1.5
    if step == 22:
        HEAD.gains = {"z": 0.2, "y": 0.4, "x": 0.6}
    if step == 27:
        HEAD.offsets[0] = 0.5
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), list(HEAD.gains.items()), list(HEAD.offsets))

print(json.dumps({"w": [repr(float(t)) for t in HEAD.w.numpy().ravel()],
                  "gains": list(HEAD.gains.items())}))
