"""setattr on an object with __slots__ and on one whose class has a property with a
setter (a Python function: it runs as  runs); the property clamps, and the
clamp bound changes at step 10."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)

BOUND = 1.0


class Slot:
    __slots__ = ("value", "count")


class Clamp:
    def __init__(self):
        self._v = 0.0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, x):
        self._v = min(x, BOUND)


S = Slot()
S.count = 0
C = Clamp()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    setattr(S, "value", loss)
    setattr(S, "count", S.count + 1)
    setattr(C, "v", C.v + 0.25)
    return loss


for step in range(20):
    if step == 10:
        BOUND = 3.0
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), S.count, S.value is loss, C.v)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
