"""Layer groups with a logging `__hash__` (a fixed per-group int, so set order is
deterministic) and a logging `__eq__` (by name), gathered into sets and dicts *inside*
the step: a set comprehension of the groups that are switched on, its intersection and
difference with a global ENABLED set, `dict.fromkeys(...)` and a dict comprehension
keyed by groups, and iteration over the resulting set (whose order follows the hashes).
The step updates only the variables of groups in the intersection, scaled by a per-group
factor looked up in the step-made dict.  Between steps the loop toggles groups, puts an
equal-but-distinct group object into ENABLED (so lookups call `__eq__`), changes one
group's hash bucket field, and replaces `__hash__` on the class mid-run.
Probes: hashing and equality of program objects in sets/dicts the step itself builds
(iteration order, membership, call counts), inside a converted step."""
import random

import numpy

random.seed(4935)
numpy.random.seed(4935)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4935)
rng = np.random.default_rng(4935)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.6 + np.sin(XS[:, 1:2])).astype(np.float32)

LOG = []


class Group:
    def __init__(self, name, bucket, var, on=True):
        self.name = name
        self.bucket = bucket
        self.var = var
        self.on = on

    def __hash__(self):
        LOG.append(("hash", self.name))
        return self.bucket

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", "?")))
        return isinstance(other, Group) and self.name == other.name


W1 = tf.Variable(tf.random.normal((4, 6), seed=35) * 0.3)
B1 = tf.Variable(tf.zeros((6,)))
W2 = tf.Variable(tf.random.normal((6, 1), seed=36) * 0.3)
GROUPS = [Group("w1", 3, W1), Group("b1", 11, B1), Group("w2", 5, W2)]
ENABLED = set(GROUPS)
del LOG[:]


def train_step(x, y):
    active = {g for g in GROUPS if g.on}
    both = active & ENABLED
    skipped = ENABLED - active
    factors = dict.fromkeys(both, 1.0)
    boosts = {g: (2.0 if g.name == "w2" else 1.0) for g in both}
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W1 + B1) @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = dict(zip([g.name for g in GROUPS], tape.gradient(loss, [g.var for g in GROUPS])))
    order = []
    for g in both:
        order.append(g.name)
        g.var.assign_sub(0.05 * factors[g] * boosts[g] * grads[g.name])
    return loss, order, sorted(g.name for g in skipped)


for step in range(30):
    if step == 6:
        GROUPS[1].on = False
    if step == 10:
        ENABLED.discard(GROUPS[0])
        ENABLED.add(Group("w1", 3, W1))
    if step == 14:
        GROUPS[1].on = True
    if step == 18:
        def hash_by_len(self):
            LOG.append(("hash_len", self.name))
            return len(self.name) * 100 + ord(self.name[0])
        Group.__hash__ = hash_by_len
        ENABLED = set(GROUPS)
    if step == 23:
        GROUPS[2].on = False
    if step == 26:
        GROUPS[2].on = True
        ENABLED = {GROUPS[2], GROUPS[0]}
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, order, skipped = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), order, skipped, LOG[n0:])

print(json.dumps({"w2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "b1": [repr(float(v)) for v in B1.numpy().ravel()], "log_len": len(LOG)}))
