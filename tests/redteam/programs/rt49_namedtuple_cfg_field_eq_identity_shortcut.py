"""Step configuration as a `typing.NamedTuple` (lr, sched, tag) whose `sched` field is a
`Sched` object with logging `__eq__` and `__hash__`.  Tuple equality and containment use
CPython's identity shortcut per item, so `Sched.__eq__` runs only where the two configs
hold different-but-maybe-equal Sched objects.  In the step the config is compared with
`==` and `!=` against a global BASE, searched for in a history list with `in` and
`.count()`, used as a key of a per-config dict (tuple hash calls `Sched.__hash__`), and
rebuilt with `_replace`.  The loop alternates configs sharing BASE's Sched object with
configs holding an equal copy, then replaces `Sched.__eq__` mid-run.  Probes: which
item `__eq__`/`__hash__` calls NamedTuple comparisons, hashing and list searches make
in a converted step."""
import random

import numpy

random.seed(4917)
numpy.random.seed(4917)

import json
from typing import NamedTuple

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4917)
rng = np.random.default_rng(4917)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 3:] * 2.0 - XS[:, :1]).astype(np.float32)

LOG = []


class Sched:
    def __init__(self, kind, k):
        self.kind = kind
        self.k = k

    def __eq__(self, other):
        LOG.append(("sched_eq", self.kind, getattr(other, "kind", "?")))
        return isinstance(other, Sched) and (self.kind, self.k) == (other.kind, other.k)

    def __hash__(self):
        LOG.append(("sched_hash", self.kind))
        return hash((self.kind, self.k))


class Cfg(NamedTuple):
    lr: float
    sched: Sched
    tag: str


LINEAR = Sched("linear", 10)
BASE = Cfg(0.05, LINEAR, "base")
HISTORY = [BASE]
FACTORS = {BASE: 1.0}
del LOG[:]

W = tf.Variable(tf.zeros((4, 1)))


def train_step(x, y, cfg, step):
    same = cfg == BASE
    differs = cfg != BASE
    seen = cfg in HISTORY
    times = HISTORY.count(cfg)
    factor = FACTORS.get(cfg, 0.5)
    nxt = cfg._replace(tag="s%d" % step)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(nxt.lr * factor * g)
    return loss, same, differs, seen, times, nxt.tag


CFG = BASE
for step in range(30):
    if step % 4 == 1:
        CFG = Cfg(0.05, Sched("linear", 10), "base")
    elif step % 4 == 3:
        CFG = BASE
    if step == 10:
        HISTORY.append(Cfg(0.04, Sched("cosine", 10), "c"))
    if step == 14:
        CFG = Cfg(0.04, Sched("cosine", 10), "c")
    if step == 18:
        def eq_kind_only(self, other):
            LOG.append(("sched_eq_kind", self.kind))
            return getattr(other, "kind", None) == self.kind
        Sched.__eq__ = eq_kind_only
    if step == 22:
        LINEAR.k = 20
    n0 = len(LOG)
    i = (step * 8) % 56
    out = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), CFG, step)
    print(step, repr(float(out[0])), out[1:], LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "log_len": len(LOG)}))
