"""The step function is made from a code object with globals that are a dict subclass
with __missing__ (CPython's LOAD_GLOBAL goes through the mapping protocol when the
globals are not an exact dict).  __missing__ answers SCALE (absent from the dict) from a knob object whose
value the loop changes at step 15 without touching the dict's storage.  Probes: a
step whose globals are a dict subclass with its own lookup."""
import random

import numpy

random.seed(2901)
numpy.random.seed(2901)

import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2901)
rng = np.random.default_rng(2901)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Knob:
    value = 1.0


KNOB = Knob()


class LookupGlobals(dict):
    def __missing__(self, key):
        if key == "SCALE":
            return KNOB.value
        raise KeyError(key)


SRC = '''
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * SCALE
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss
'''
G = LookupGlobals(globals())
exec(SRC, G)
train_step = types.FunctionType(G["train_step"].__code__, G, "train_step")

for step in range(30):
    if step == 15:
        KNOB.value = 0.25
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
