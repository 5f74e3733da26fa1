"""A warm-up learning-rate schedule written as a dataclass(eq=True) with a `__call__`
that logs each call, holding a `Phase` field whose `__eq__` logs (self tag, other tag).
The step calls the schedule with the step number, compares it with `==` against a
global reference schedule (the dataclass-generated `__eq__` compares field by field in
3.13, so Phase.__eq__ runs even for identical Phase objects), and with `!=` against a
second one.  Between steps the loop edits the schedule's fields, replaces the reference
with an equal-but-distinct object, and monkeypatches Phase.__eq__ on the class.
Probes: extra/missing/reordered calls of a dataclass `__call__` and of a field's
`__eq__` reached from the generated `__eq__`, inside a converted training step."""
import random

import numpy

random.seed(4901)
numpy.random.seed(4901)

import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4901)
rng = np.random.default_rng(4901)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32) + 0.1).astype(np.float32)

LOG = []


class Phase:
    def __init__(self, tag):
        self.tag = tag

    def __eq__(self, other):
        LOG.append(("phase_eq", self.tag, getattr(other, "tag", None)))
        if not isinstance(other, Phase):
            return NotImplemented
        return self.tag == other.tag

    __hash__ = None


@dataclasses.dataclass(eq=True)
class Warmup:
    base: float
    steps: int
    phase: Phase

    def __call__(self, step):
        LOG.append(("sched_call", step, self.phase.tag))
        return self.base * min(1.0, (step + 1) / self.steps)


SCHED = Warmup(0.2, 8, Phase("warm"))
REF = Warmup(0.2, 8, SCHED.phase)
OTHER = Warmup(0.1, 8, Phase("warm"))

W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(tf.zeros((1,)))


def train_step(x, y, step, sched):
    lr = sched(step)
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [W, B])
    if sched == REF:
        LOG.append(("same_as_ref", step))
        lr = lr * 1.0
    else:
        lr = lr * 0.5
    if sched != OTHER:
        LOG.append(("not_other", step))
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    return loss, lr


for step in range(30):
    if step == 9:
        SCHED.base = 0.15
    if step == 12:
        REF = Warmup(0.15, 8, Phase("warm"))
    if step == 16:
        SCHED.phase = Phase("main")
    if step == 19:
        def eq_loose(self, other):
            LOG.append(("phase_eq_loose", self.tag))
            return True
        Phase.__eq__ = eq_loose
    if step == 24:
        SCHED.steps = 40
    if step == 27:
        OTHER = SCHED
    n0 = len(LOG)
    i = (step * 8) % 88
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step, SCHED)
    print(step, repr(float(loss)), repr(float(lr)), LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "log_len": len(LOG), "sched": repr(SCHED.base)}))
