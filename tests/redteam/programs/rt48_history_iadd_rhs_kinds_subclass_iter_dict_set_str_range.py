"""`HIST += EXTRA` in the step, where the loop rebinds the module global EXTRA between
steps to many kinds of right-hand sides: a list, a tuple, a range, a str (extends with
characters), a dict (its keys), a dict's items() view (pairs), a set of small ints (set
iteration order), a list SUBCLASS whose `__iter__` scales its items (list's extend calls
it because the argument is not an exact list), a dict subclass whose `__iter__` yields
reversed keys, and a generator expression made by the loop that was partly consumed.
The step also records `len(HIST)` and `HIST[-1]` and uses a count of float items in the
last 6 entries as a loss weight.  Probes: list `+=` for every iterable kind, including
ones whose iteration is the program's Python code."""
import random

import numpy

random.seed(4814)
numpy.random.seed(4814)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4814)
rng = np.random.default_rng(4814)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 2:] + 0.1).astype(np.float32)

MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


class Scaled(list):
    def __iter__(self):
        for v in list.__iter__(self):
            yield v * 10


class RevKeys(dict):
    def __iter__(self):
        return iter(list(reversed(list(self.keys()))))


HIST = []
EXTRA = []


def train_step(x, y):
    global HIST
    n_float = sum(1 for h in HIST[-6:] if type(h) is float)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y)) * (1.0 + 0.05 * n_float)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    HIST += [float(loss)]
    HIST += EXTRA
    return loss, len(HIST), HIST[-1], n_float


def make_extra(step, prev):
    k = step % 10
    if k == 0:
        return [prev, step]
    if k == 1:
        return (step, prev)
    if k == 2:
        return range(step, step + 2)
    if k == 3:
        return "ab"
    if k == 4:
        return {"lr": prev, "step": step}
    if k == 5:
        return {"lr": prev, "step": step}.items()
    if k == 6:
        return {step % 7, 3, 40, 1}
    if k == 7:
        return Scaled([step, prev])
    if k == 8:
        return RevKeys(a=1, b=2, c=3)
    g = (j * 0.5 for j in range(4))
    next(g)
    return g


prev = 0.5
for step in range(30):
    EXTRA = make_extra(step, prev)
    i = (step * 8) % 56
    loss, n, last, n_float = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    prev = float(loss)
    print(step, repr(prev), type(EXTRA).__name__, n, repr(last), n_float,
          [repr(v) if isinstance(v, float) else v for v in HIST[-4:]])
    if len(HIST) > 12:
        del HIST[:-6]

print(json.dumps({"hist": [repr(v) if isinstance(v, float) else v for v in HIST],
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
