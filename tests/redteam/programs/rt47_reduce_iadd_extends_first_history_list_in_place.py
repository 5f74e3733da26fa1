"""A loss-history logger written with operator's in-place functions inside the step:
functools.reduce(operator.iadd, [self.history, new_items, tail]) extends the trainer's
own history list in place (the reduce result *is* self.history), operator.imul doubles a
Python list of warm-up factors in place, operator.iadd on a tuple attribute and on a str
attribute makes new objects that the step stores back, operator.iconcat on a list held
in a dict, and operator.iadd on a Python int counter.  The values appended are Python
floats from the step's tensors.  Mid-run the loop replaces self.history by a fresh list
(step 10), by a tuple (step 18, so iadd of a list raises TypeError, caught, and iadd of tuples makes a new
tuple instead of extending) and back
to a list (step 24), and truncates the factor list (step 14).  Probes: in-place operator
functions' mutation vs rebinding and the identity of their results on program state."""
import random

import numpy

random.seed(4708)
numpy.random.seed(4708)

import functools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4708)
rng = np.random.default_rng(4708)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 2:] + 0.5).astype(np.float32)


class Logger:
    def __init__(self):
        self.history = []
        self.factors = [1.0]
        self.events = ()
        self.tag = "r"
        self.calls = 0
        self.buckets = {"norms": []}


MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)
LOG = Logger()
KEEP = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    if len(LOG.factors) < 8:
        operator.imul(LOG.factors, 2)
    factor = LOG.factors[-1] / len(LOG.factors)
    OPT.apply_gradients(zip([g * factor for g in grads], MODEL.trainable_variables))
    fl = float(loss)
    try:
        merged = functools.reduce(operator.iadd, [LOG.history, [fl], (round(fl, 3),)])
    except TypeError as e:
        print("  iadd error", repr(e))
        merged = functools.reduce(operator.iadd, [LOG.history, (fl,), (round(fl, 3),)])
    same = merged is LOG.history
    LOG.history = merged
    LOG.events = operator.iadd(LOG.events, (len(merged),))
    LOG.tag = operator.iadd(LOG.tag, "+")
    LOG.calls = operator.iadd(LOG.calls, 1)
    operator.iconcat(LOG.buckets["norms"], [float(tf.norm(grads[0]))])
    print("  merged", type(merged).__name__, same, len(merged), len(LOG.factors), LOG.tag[-3:])
    return loss


for step in range(30):
    if step == 10:
        KEEP.append(LOG.history)
        LOG.history = [0.0]
    if step == 14:
        del LOG.factors[2:]
    if step == 18:
        LOG.history = tuple(LOG.history[-2:])
    if step == 24:
        LOG.history = list(LOG.history)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(LOG.history[-2]), len(LOG.events), LOG.calls)

print(json.dumps({
    "kept": [len(k) for k in KEEP],
    "history_tail": [repr(h) for h in LOG.history[-4:]],
    "events": list(LOG.events[-5:]),
    "norms": [repr(n) for n in LOG.buckets["norms"][-3:]],
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
}))
