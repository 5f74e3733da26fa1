"""A parameter group whose `__getattribute__` counts every attribute access by name (a
class-level Counter) and logs it, including method lookups such as `group.scale` and
reads made inside its own methods through `self`.  The step reads `group.lr` and
`group.decay`, calls `group.scale(g)`, takes `len(group)` (an implicit special-method
lookup that bypasses `__getattribute__`) and `group.vars` for the variables to update.
Between steps the loop changes the fields, reads attributes itself (those reads count
too) and at one point replaces `__getattribute__` on the class with a non-logging one,
then restores it.  Probes: every `__getattribute__` call (count and order) made by the
step's attribute reads and method calls, versus special-method lookups that skip it."""
import random

import numpy

random.seed(4908)
numpy.random.seed(4908)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4908)
rng = np.random.default_rng(4908)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 3:]).astype(np.float32)

LOG = []
COUNTS = collections.Counter()


class ParamGroup:
    def __init__(self, vars_, lr, decay):
        object.__setattr__(self, "vars", vars_)
        object.__setattr__(self, "lr", lr)
        object.__setattr__(self, "decay", decay)

    def __getattribute__(self, name):
        COUNTS[name] += 1
        LOG.append(name)
        return object.__getattribute__(self, name)

    def __len__(self):
        return len(object.__getattribute__(self, "vars"))

    def scale(self, g):
        return g * (1.0 - self.decay)


W1 = tf.Variable(tf.random.normal((4, 5), seed=8) * 0.3)
W2 = tf.Variable(tf.random.normal((5, 1), seed=9) * 0.3)
GROUP = ParamGroup([W1, W2], 0.1, 0.01)
ORIG_GA = ParamGroup.__getattribute__


def train_step(x, y, group):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, group.vars)
    n = len(group)
    for k in range(n):
        group.vars[k].assign_sub(group.lr * group.scale(grads[k]))
    return loss


for step in range(30):
    if step == 9:
        GROUP.lr = 0.05
    if step == 12:
        _ = GROUP.decay
    if step == 15:
        ParamGroup.__getattribute__ = object.__getattribute__
    if step == 20:
        ParamGroup.__getattribute__ = ORIG_GA
        object.__setattr__(GROUP, "decay", 0.1)
    n0 = len(LOG)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), GROUP)
    print(step, repr(float(loss)), LOG[n0:], sum(COUNTS.values()))

print(json.dumps({"w2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "counts": sorted(COUNTS.items())}))
