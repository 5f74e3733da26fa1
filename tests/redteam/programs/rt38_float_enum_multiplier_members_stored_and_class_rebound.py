"""Loss multipliers are members of a `class Boost(float, Enum)`.  The step picks a member
from a Python counter (`list(MULT)[k % 3]`), multiplies the loss by its .value, keeps per-member totals in a dict keyed by the member (float-mixin members
hash like their float values), stores the member as `LAST` and prints str(), repr(),
f"{m}", format(float(m), '.3f'), m.value, m.name, `m is LAST_BEFORE` and `m == 0.5`.  At step 15 the loop
rebinds MULT to another enum class `Calm(float, Enum)` whose member values overlap Boost's
(0.5 in both): the dict then has equal-but-distinct keys.  Probes: Enum members that are
floats, as dict keys, formatted and compared, and the enum class swapped mid-run."""
import random

import numpy

random.seed(390)
numpy.random.seed(390)

import json
from enum import Enum

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3810)
rng = np.random.default_rng(3810)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.6], [-0.9]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Boost(float, Enum):
    LOW = 0.5
    MID = 1.25
    HIGH = 2.0


class Calm(float, Enum):
    HALF = 0.5
    TENTH = 0.1
    ONE = 1.0


MULT = Boost
TOTALS = {}
LAST = None
K = [0]


def train_step(x, y):
    global LAST
    m = list(MULT)[K[0] % 3]
    before = LAST
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * m.value
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    TOTALS[m] = TOTALS.get(m, 0) + 1
    LAST = m
    K[0] += 1
    print("  ", str(m), repr(m), f"{m}", format(float(m), ".3f"), m.value, m.name, m is before, m == 0.5, len(TOTALS))
    return loss


for step in range(30):
    if step == 15:
        MULT = Calm
    i = (step * 8) % 40
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": W.numpy().ravel().tolist(),
    "totals": [[repr(k), type(k).__name__, v] for k, v in TOTALS.items()],
    "last": repr(LAST), "last_is_calm_half": LAST is Calm.HALF, "k": K[0],
}))
