"""A defaultdict(list) LOG collects per-phase losses: the step does
LOG[phase].append(float(loss)) for the phase string the loop passes, then reports
sum(len(v) for v in LOG.values()) and the phase with most entries via
max(LOG, key=lambda k: len(LOG[k])).  Mid-run the loop sets LOG.default_factory = None
(a missing phase then raises KeyError, which the step catches and handles by inserting
a list itself), later sets it back to list, clears one list in place from outside,
and removes a phase.
Probes: a defaultdict whose default_factory the loop changes to None and back: missing
key reads that insert vs raise, caught in the step; views of it consumed by sum/max."""
import random

import numpy

random.seed(5417)
numpy.random.seed(5417)

import json
from collections import defaultdict

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5417)
rng = np.random.default_rng(5417)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.4], [0.4], [-1.0], [0.1]], np.float32)).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
LOG = defaultdict(list)
MISSES = []
LR = 0.05


def train_step(x, y, phase):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * g)
    try:
        LOG[phase].append(float(loss))
    except KeyError as e:
        MISSES.append(repr(e))
        LOG[phase] = [float(loss)]
    total = sum(len(v) for v in LOG.values())
    top = max(LOG, key=lambda k: len(LOG[k]))
    return loss, total, top


PHASES = ["warm"] * 6 + ["a", "b"] * 5 + ["c"] * 4 + ["a", "d"] * 4 + ["e"] * 6
for step, phase in enumerate(PHASES):
    if step == 9:
        LOG.default_factory = None
    if step == 19:
        LOG["a"].clear()
    if step == 24:
        LOG.default_factory = list
        del LOG["warm"]
    i = (step * 8) % 80
    try:
        loss, total, top = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), phase)
        print(step, phase, repr(float(loss)), total, top, {k: len(v) for k, v in LOG.items()}, len(MISSES))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "log": {k: [repr(a) for a in v[-2:]] for k, v in LOG.items()},
                  "misses": MISSES, "factory": repr(LOG.default_factory)}))
