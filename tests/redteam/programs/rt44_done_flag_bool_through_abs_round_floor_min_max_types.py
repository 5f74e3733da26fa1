"""Episode-style bookkeeping on a bool the graph computes: `done = bool(loss < TARGET)`
(a truth test of a tensor), then the step stores `abs(done)`, `round(done)`,
`math.floor(done)`, `-done`, `done + 0`, `max(done, False)`, `min(done, True)`, `done * 1.0`
and `int(done)` in a log dict, whose values the caller prints with their types (bool
in, int or bool or float out as CPython decides: max/min return one of their operands,
abs/round/floor/int return ints).  TARGET drops at step 12 so done flips from True to
False on most batches.  Probes: types (and small-int identity) of builtins and math on a
bool the graph computes, stored and read back by the caller."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4419)
rng = np.random.default_rng(4419)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.1)
TARGET = 5.0
LOG = {}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    done = bool(loss < TARGET)
    LOG["done"] = done
    LOG["abs"] = abs(done)
    LOG["round"] = round(done)
    LOG["floor"] = math.floor(done)
    LOG["neg"] = -done
    LOG["plus0"] = done + 0
    LOG["max"] = max(done, False)
    LOG["min"] = min(done, True)
    LOG["scaled"] = done * 1.0
    LOG["int"] = int(done)
    return loss


for step in range(30):
    if step == 12:
        TARGET = 0.05
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [(k, repr(v), type(v).__name__) for k, v in LOG.items()],
          LOG["max"] is LOG["done"], LOG["min"] is LOG["done"], LOG["int"] is LOG["round"])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
