"""A step configuration written as `@dataclass(frozen=True, order=True)` whose last field
is a `Tag` object with logging `__hash__`, `__eq__` and `__lt__`.  Inside the step the
config is used as a dict key in a per-config cache of scale factors (the generated
`__hash__` hashes the field tuple, calling `Tag.__hash__`), tested with `in` against a
global set of seen configs, compared with `==` to a default config (the generated
`__eq__` compares fields one by one), and ordered with `<` against a limit config (the
generated `__lt__` compares field tuples, calling `Tag.__eq__` then `Tag.__lt__` only
where the earlier fields tie).  The loop hands the step new configs made with
`dataclasses.replace`, equal-but-distinct copies, and changes a Tag's rank.
Probes: generated dataclass dunders reaching a field's logging dunders, in dict/set
lookups and comparisons inside a converted step."""
import random

import numpy

random.seed(4916)
numpy.random.seed(4916)

import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4916)
rng = np.random.default_rng(4916)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 2:] + 0.5).astype(np.float32)

LOG = []


class Tag:
    def __init__(self, name, rank):
        self.name = name
        self.rank = rank

    def __hash__(self):
        LOG.append(("hash", self.name))
        return self.rank * 7 + 1

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", "?")))
        if not isinstance(other, Tag):
            return NotImplemented
        return self.rank == other.rank

    def __lt__(self, other):
        LOG.append(("lt", self.name, other.name))
        return self.rank < other.rank


@dataclasses.dataclass(frozen=True, order=True)
class StepCfg:
    lr: float
    clip: float
    tag: Tag


WARM = Tag("warm", 1)
MAIN = Tag("main", 2)
DEFAULT = StepCfg(0.05, 1.0, WARM)
LIMIT = StepCfg(0.05, 1.0, MAIN)
SEEN = {DEFAULT}
SCALE_CACHE = {DEFAULT: 1.0, LIMIT: 0.5}
del LOG[:]

W = tf.Variable(tf.zeros((3, 1)))
B = tf.Variable(0.0)


def train_step(x, y, cfg):
    scale = SCALE_CACHE.get(cfg, 0.75)
    is_default = cfg == DEFAULT
    below = cfg < LIMIT
    known = cfg in SEEN
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    gw = tf.clip_by_norm(gw, cfg.clip)
    lr = cfg.lr * scale * (1.0 if below else 0.5)
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    return loss, is_default, below, known


CFG = DEFAULT
for step in range(30):
    if step == 5:
        CFG = StepCfg(0.05, 1.0, Tag("warm2", 1))
    if step == 9:
        CFG = dataclasses.replace(CFG, tag=MAIN)
    if step == 13:
        CFG = dataclasses.replace(CFG, clip=0.5)
    if step == 17:
        MAIN.rank = 0
    if step == 21:
        CFG = LIMIT
    if step == 25:
        MAIN.rank = 2
        CFG = StepCfg(0.02, 1.0, WARM)
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, is_default, below, known = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), CFG)
    print(step, repr(float(loss)), is_default, below, known, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy())),
                  "log_len": len(LOG)}))
