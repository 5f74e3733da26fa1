"""Physical-unit tagged hyper-parameters (`Quantity`) whose `__eq__` logs and raises a
program-defined `UnitMismatch` (a TypeError subclass) when compared with a Quantity of
another unit.  The step compares the current rate with a target (`if rate == TARGET`),
searches a list of quantities with `in` (the comparison raises partway through the list
on some steps), and uses `!=` (default `__ne__` delegates to `__eq__`, so it raises
too); each comparison is wrapped in `try/except` in the step, and one unguarded
comparison lets the exception escape to the training loop, which catches it before
the next step.  The loop changes units and values between steps.  Probes: a user
`__eq__` that raises on some calls only, exception routing inside a converted step and
out of it, and the updates made or skipped around it."""
import random

import numpy

random.seed(4918)
numpy.random.seed(4918)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4918)
rng = np.random.default_rng(4918)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) * 0.4).astype(np.float32)

LOG = []


class UnitMismatch(TypeError):
    pass


class Quantity:
    def __init__(self, value, unit):
        self.value = value
        self.unit = unit

    def __eq__(self, other):
        LOG.append(("eq", self.value, self.unit, getattr(other, "unit", "?")))
        if not isinstance(other, Quantity):
            return NotImplemented
        if self.unit != other.unit:
            raise UnitMismatch(f"{self.unit} vs {other.unit}")
        return self.value == other.value

    __hash__ = None


RATE = Quantity(0.05, "per_step")
TARGET = Quantity(0.05, "per_step")
CANDIDATES = [Quantity(0.1, "per_step"), Quantity(0.05, "per_step")]
STRICT = [False]
W = tf.Variable(tf.zeros((3, 1)))
B = tf.Variable(0.0)


def train_step(x, y, rate):
    try:
        at_target = rate == TARGET
    except UnitMismatch as e:
        LOG.append(("mismatch1", str(e)))
        at_target = False
    try:
        listed = rate in CANDIDATES
    except UnitMismatch as e:
        LOG.append(("mismatch2", str(e)))
        listed = None
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    lr = rate.value if at_target else rate.value * 0.5
    W.assign_sub(lr * gw)
    if STRICT[0]:
        if rate != CANDIDATES[0]:
            LOG.append(("not_first",))
    B.assign_sub(lr * gb)
    return loss, at_target, listed


for step in range(30):
    if step == 6:
        RATE = Quantity(0.05, "per_epoch")
    if step == 9:
        CANDIDATES.insert(1, Quantity(0.2, "per_epoch"))
    if step == 12:
        RATE = Quantity(0.2, "per_epoch")
    if step == 15:
        STRICT[0] = True
    if step == 19:
        RATE = Quantity(0.1, "per_step")
    if step == 23:
        CANDIDATES[0] = Quantity(0.1, "per_epoch")
    if step == 27:
        STRICT[0] = False
    n0 = len(LOG)
    i = (step * 8) % 56
    try:
        loss, at_target, listed = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), RATE)
        out = (repr(float(loss)), at_target, listed)
    except UnitMismatch as e:
        out = ("escaped", str(e))
    print(step, out, repr(float(B.numpy())), LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy())),
                  "log_len": len(LOG)}))
