"""A replay-buffer class with a logging `__class_getitem__` (the hook behind
`Buffer[float]`), used the way typed training code does: the step builds a spec with
`Buffer[float]`, compares two subscriptions with `==` (GenericAlias equality), checks
`isinstance(buf, Buffer)`, and has a local variable annotation `acc: Buffer[int] = ...`
(never evaluated inside a function body, so it must not call the hook).  The buffer
holds Python floats that the step appends to and averages; the loop replaces
`__class_getitem__` on the class mid-run with one that returns a plain tuple and counts
differently, and later deletes it (subscription then raises TypeError, caught in the
step).  Probes: calls of `__class_getitem__` from subscriptions in a converted step,
non-evaluation of local annotations, and a TypeError from a class that lost the hook."""
import random

import numpy

random.seed(4914)
numpy.random.seed(4914)

import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4914)
rng = np.random.default_rng(4914)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] - XS[:, 0:1] * 0.5).astype(np.float32)

LOG = []


class Buffer:
    def __init__(self):
        self.items = []

    def __class_getitem__(cls, item):
        LOG.append(("cgi", cls.__name__, item.__name__))
        return types.GenericAlias(cls, item)


BUF = Buffer()
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, buf):
    try:
        spec = Buffer[float]
        same = spec == Buffer[float]
    except TypeError as e:
        LOG.append(("no_cgi", str(e)))
        spec = None
        same = False
    acc: Buffer[int] = buf
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    avg = sum(acc.items) / len(acc.items) if acc.items else 1.0
    scale = 1.0 if same else min(1.0, avg)
    OPT.apply_gradients(zip([g * scale for g in grads], MODEL.trainable_variables))
    if isinstance(buf, Buffer):
        buf.items.append(float(loss))
    return loss, scale, spec is not None


for step in range(28):
    if step == 9:
        def cgi_tuple(cls, item):
            LOG.append(("cgi_tuple", item.__name__))
            return (cls, item)
        Buffer.__class_getitem__ = classmethod(cgi_tuple)
    if step == 15:
        del BUF.items[:-3]
    if step == 19:
        del Buffer.__class_getitem__
    if step == 24:
        def cgi_back(cls, item):
            LOG.append(("cgi_back", item.__name__))
            return types.GenericAlias(cls, item)
        Buffer.__class_getitem__ = classmethod(cgi_back)
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, scale, has_spec = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), BUF)
    print(step, repr(float(loss)), repr(scale), has_spec, len(BUF.items), LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "items": len(BUF.items), "log_len": len(LOG)}))
