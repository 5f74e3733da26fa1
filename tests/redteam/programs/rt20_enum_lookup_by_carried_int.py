"""Probes an Enum looked up by value from a Python int the step computes from its
counter argument (`Phase(min(epoch // 8, 2))`, a metaclass `__call__`), by name from a
global string (`Phase[NAME]`), and an IntEnum used in arithmetic.

Eager: the phase moves WARM -> MAIN -> COOL as `epoch` grows; `match phase` picks the
update; `Boost[BOOST_NAME]` is an IntEnum whose value multiplies the loss (and whose
`str()` is recorded).  The loop changes BOOST_NAME at steps 12 and 30.

A conversion that folds the first `Phase(...)` lookup (the value changes every call,
the member every 8 calls), or treats the IntEnum as a plain int when formatting it,
trains with the wrong phase: printed phases, tags, losses and weights differ.
"""
import enum
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2032)
random.seed(2032)
np.random.seed(2032)
rng = np.random.default_rng(2032)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
B = tf.Variable([0.0])


class Phase(enum.Enum):
    WARM = 0
    MAIN = 1
    COOL = 2


class Boost(enum.IntEnum):
    LOW = 1
    MID = 2
    HIGH = 3


BOOST_NAME = "LOW"
TAGS = []


def train_step(x, y, epoch):
    phase = Phase(min(epoch // 8, 2))
    boost = Boost[BOOST_NAME]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y)) * boost
    gw, gb = tape.gradient(loss, [W, B])
    match phase:
        case Phase.WARM:
            W.assign_sub(0.005 * gw)
        case Phase.MAIN:
            W.assign_sub(0.02 * gw)
            B.assign_sub(0.02 * gb)
        case Phase.COOL:
            B.assign_sub(0.01 * gb)
    TAGS.append(f"{phase.name}/{boost}/{boost!r}")
    return loss, phase, boost


for step in range(40):
    if step == 12:
        BOOST_NAME = "MID"
    if step == 30:
        BOOST_NAME = "HIGH"
    i = (step * 8) % 56
    loss, phase, boost = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, round(float(loss), 6), phase, int(boost), TAGS[-1])

print(json.dumps({
    "tags": TAGS[::8],
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "B": round(float(B.numpy()[0]), 6),
}))
