"""A step record written as a dataclass whose `rate` field is an `LRView` object with a
logging `__repr__` that reads a global rate dict and bumps its own counter.  The step
builds `StepRecord(step, VIEW, tag)` and prints it (the dataclass-generated `__repr__`
calls `LRView.__repr__`), prints a global dataclass CURRENT (also holding VIEW) with an
f-string `{CURRENT!r}`, and *afterwards* in the same step decays the global rate and
changes CURRENT's tag.  Eagerly each printed line shows the state at the print; a
system that renders those reprs later (after the step's writes) would show the decayed
rate, later tags and other counters.  The loop also changes the rate and the view's
precision between steps.  Probes: when program `__repr__` code reached through a
dataclass's generated repr runs, relative to later writes in the same converted step."""
import random

import numpy

random.seed(4931)
numpy.random.seed(4931)

import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4931)
rng = np.random.default_rng(4931)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.9 + XS[:, 1:2] * 0.1).astype(np.float32)

RATE = {"lr": 0.1}
LOG = []


class LRView:
    def __init__(self, digits):
        self.digits = digits
        self.renders = 0

    def __repr__(self):
        self.renders += 1
        LOG.append(("repr", self.renders))
        return f"LRView({RATE['lr']:.{self.digits}f}, n={self.renders})"


@dataclasses.dataclass
class StepRecord:
    step: int
    rate: LRView
    tag: str


VIEW = LRView(4)
CURRENT = StepRecord(-1, VIEW, "init")
W = tf.Variable(tf.zeros((3, 1)))


def train_step(x, y, step):
    rec = StepRecord(step, VIEW, "s%d" % step)
    print(rec)
    print(f"current={CURRENT!r}")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(RATE["lr"] * g)
    RATE["lr"] = RATE["lr"] * 0.95
    CURRENT.tag = "after%d" % step
    CURRENT.step = step
    LOG.append(("decayed", step))
    return loss


for step in range(26):
    if step == 8:
        RATE["lr"] = 0.2
    if step == 12:
        VIEW.digits = 6
    if step == 17:
        CURRENT.rate = LRView(2)
    if step == 21:
        def repr_short(self):
            self.renders += 2
            LOG.append(("repr_short", self.renders))
            return f"lr~{RATE['lr']:.3g}"
        LRView.__repr__ = repr_short
    n0 = len(LOG)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(RATE["lr"]), VIEW.renders, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "renders": VIEW.renders,
                  "lr": repr(RATE["lr"]), "cur": CURRENT.tag}))
