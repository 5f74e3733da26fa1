"""Parameter groups ordered by priority through a logging `__lt__` (and a logging
`__eq__`), the way a trainer picks which group to update first or to skip.  In the step,
`sorted(GROUPS)` orders them (Timsort's exact sequence of `<` calls), `min(GROUPS)` picks
the one that gets a boosted rate, `max(GROUPS)` (which asks `>`, so Python falls back to
the reflected `__lt__`) picks the one to freeze, and `GROUPS[0] < GROUPS[1]` and
`GROUPS.index(x)` (which uses `__eq__`) are evaluated.  Every call is logged as
(op, self, other).  The loop changes priorities between steps, reorders the GROUPS
list, and replaces `__lt__` on the class mid-run.  Probes: user comparison dunders
called by sorted/min/max/list.index in a converted step, in eager's exact order."""
import random

import numpy

random.seed(4915)
numpy.random.seed(4915)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4915)
rng = np.random.default_rng(4915)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] + XS[:, 1:2]) - 0.2 * XS[:, 3:]).astype(np.float32)

LOG = []


class Group:
    def __init__(self, name, prio, var):
        self.name = name
        self.prio = prio
        self.var = var

    def __lt__(self, other):
        LOG.append(("lt", self.name, other.name))
        return self.prio < other.prio

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", "?")))
        return isinstance(other, Group) and self.name == other.name

    __hash__ = None


W1 = tf.Variable(tf.random.normal((4, 4), seed=15) * 0.3)
B1 = tf.Variable(tf.zeros((4,)))
W2 = tf.Variable(tf.random.normal((4, 1), seed=16) * 0.3)
GROUPS = [Group("w1", 3, W1), Group("b1", 1, B1), Group("w2", 2, W2)]
PIN = [GROUPS[2]]


def train_step(x, y):
    order = sorted(GROUPS)
    first = min(GROUPS)
    frozen = max(GROUPS)
    pair_lt = GROUPS[0] < GROUPS[1]
    pos = GROUPS.index(PIN[0])
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W1 + B1) @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [g.var for g in order])
    for g, grad in zip(order, grads):
        if g is frozen:
            continue
        lr = 0.1 if g is first else 0.05
        g.var.assign_sub(lr * grad)
    return loss, [g.name for g in order], pair_lt, pos


for step in range(30):
    if step == 6:
        GROUPS[1].prio = 5
    if step == 10:
        GROUPS.reverse()
    if step == 14:
        GROUPS[0].prio = 0
    if step == 18:
        def lt_reversed(self, other):
            LOG.append(("gt_as_lt", self.name, other.name))
            return self.prio > other.prio
        Group.__lt__ = lt_reversed
    if step == 23:
        PIN[0] = Group("b1", 9, B1)
    if step == 26:
        GROUPS.append(GROUPS.pop(0))
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, names, pair_lt, pos = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), names, pair_lt, pos, LOG[n0:])

print(json.dumps({"w2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "b1": [repr(float(v)) for v in B1.numpy().ravel()], "log_len": len(LOG)}))
