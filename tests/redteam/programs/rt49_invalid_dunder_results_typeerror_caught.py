"""A "flaky" batch-statistics object whose conversion dunders return invalid results on
some steps, the way buggy user code does: `__bool__` returns an int (CPython raises
TypeError "__bool__ should return bool, returned int"), `__len__` returns -1
(ValueError "__len__() should return >= 0"), `__index__` returns a float (TypeError
"__index__ returned non-int (type float)"), `__float__` returns a str (TypeError).
Each dunder logs before returning.  The step makes each conversion inside its own
`try/except`, records `type(e).__name__` and `str(e)` in the log, and uses a fallback
value; the update uses the resulting numbers.  The loop decides per step which dunder
misbehaves.  Probes: CPython's checks on the results of user `__bool__`/`__len__`/
`__index__`/`__float__`, and their exact error messages, in a converted step."""
import random

import numpy

random.seed(4925)
numpy.random.seed(4925)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4925)
rng = np.random.default_rng(4925)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 2:3] * 0.5).astype(np.float32)

LOG = []
MODE = {"bad": None}


class BatchStats:
    def __init__(self):
        self.count = 3
        self.mean = 0.5

    def __bool__(self):
        LOG.append("bool")
        return 1 if MODE["bad"] == "bool" else self.count > 0

    def __len__(self):
        LOG.append("len")
        return -1 if MODE["bad"] == "len" else self.count

    def __index__(self):
        LOG.append("index")
        return 1.5 if MODE["bad"] == "index" else self.count % 4

    def __float__(self):
        LOG.append("float")
        return "0.5" if MODE["bad"] == "float" else self.mean


STATS = BatchStats()
TABLE = [0.02, 0.04, 0.06, 0.08]
W = tf.Variable(tf.zeros((4, 1)))


def train_step(x, y, st):
    try:
        active = bool(st)
    except TypeError as e:
        LOG.append(("E", type(e).__name__, str(e)))
        active = True
    try:
        n = len(st)
    except ValueError as e:
        LOG.append(("E", type(e).__name__, str(e)))
        n = 1
    try:
        lr = TABLE[st]
    except TypeError as e:
        LOG.append(("E", type(e).__name__, str(e)))
        lr = TABLE[0]
    try:
        m = float(st)
    except TypeError as e:
        LOG.append(("E", type(e).__name__, str(e)))
        m = 1.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    if active:
        W.assign_sub(lr * m * min(n, 3) * g)
    return loss, n, lr, m


for step in range(30):
    MODE["bad"] = {5: "bool", 6: "bool", 9: "len", 12: "index", 13: "index", 16: "float",
                   20: "len", 21: "bool", 24: "float", 25: "index"}.get(step)
    if step == 18:
        STATS.count = 2
        STATS.mean = 0.75
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, n, lr, m = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), STATS)
    print(step, repr(float(loss)), n, repr(lr), repr(m), LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "log_len": len(LOG)}))
