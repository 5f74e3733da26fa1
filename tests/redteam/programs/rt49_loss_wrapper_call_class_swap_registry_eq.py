"""A loss wrapper object with a logging `__call__(y, pred)` and a logging `__eq__`
(equal when the wrapped kind matches), used as the step's loss function.  The step
calls `loss_fn(y, pred)`, checks `loss_fn in REGISTRY.values()` (a dict view's `in`
compares with `==`) and `loss_fn == HUBER_REF`, and multiplies by a per-kind weight.
Between steps the loop swaps the wrapper instance's `__class__` between MSE and Huber
wrapper classes (each with its own `__call__`), changes the Huber delta, and
monkeypatches `__call__` on one class.  Probes: `__call__` and `__eq__` of a program
object flowing through a converted step, with the object's class changed in place."""
import random

import numpy

random.seed(4920)
numpy.random.seed(4920)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4920)
rng = np.random.default_rng(4920)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * 3.0 + rng.standard_t(2, size=(64, 1))).astype(np.float32)

LOG = []


class LossBase:
    kind = "base"

    def __init__(self, delta=1.0):
        self.delta = delta
        self.calls = 0

    def __eq__(self, other):
        LOG.append(("eq", self.kind, getattr(other, "kind", "?")))
        return isinstance(other, LossBase) and self.kind == other.kind

    __hash__ = None


class MSEWrap(LossBase):
    kind = "mse"

    def __call__(self, y, p):
        self.calls += 1
        LOG.append(("call_mse", self.calls))
        return tf.reduce_mean(tf.square(p - y))


class HuberWrap(LossBase):
    kind = "huber"

    def __call__(self, y, p):
        self.calls += 1
        LOG.append(("call_huber", self.calls, self.delta))
        err = tf.abs(p - y)
        quad = tf.minimum(err, self.delta)
        return tf.reduce_mean(0.5 * tf.square(quad) + self.delta * (err - quad))


REGISTRY = {"a": MSEWrap(), "b": HuberWrap(0.5)}
HUBER_REF = HuberWrap(2.0)
WEIGHT = {"mse": 1.0, "huber": 2.0}
LOSS = MSEWrap()
W = tf.Variable(tf.random.normal((5, 1), seed=20) * 0.1)


def train_step(x, y, loss_fn):
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = loss_fn(y, pred) * WEIGHT[loss_fn.kind]
    g = tape.gradient(loss, W)
    registered = loss_fn in REGISTRY.values()
    is_huber = loss_fn == HUBER_REF
    W.assign_sub((0.02 if is_huber else 0.01) * g)
    return loss, registered, is_huber


for step in range(30):
    if step == 7:
        LOSS.__class__ = HuberWrap
    if step == 12:
        LOSS.delta = 0.25
    if step == 16:
        def huber_logged_twice(self, y, p):
            LOG.append(("patched_call", self.delta))
            return tf.reduce_mean(tf.abs(p - y)) * self.delta
        HuberWrap.__call__ = huber_logged_twice
    if step == 20:
        LOSS.__class__ = MSEWrap
    if step == 24:
        del REGISTRY["a"]
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, reg, hub = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), LOSS)
    print(step, repr(float(loss)), reg, hub, LOSS.calls, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "calls": LOSS.calls,
                  "cls": type(LOSS).__name__}))
