"""The step classifies its loss into an Enum member chosen by a Python branch on a
number the graph computes (`Regime.HOT if lf > EDGE else Regime.COLD`), stores the
member in a global, and at the *next* call compares it with `is` against the member
chosen then (a regime switch is counted) and reads a per-member scale from a dict
keyed by the members (`SCALE_OF[prev]`).  The member objects come from outside the
call; which one is stored depends on data.  At step 12 EDGE moves from 0.4 to 0.2;
at step 20 the loop rebinds SCALE_OF[Regime.COLD] to 0.5."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import enum
import json

import keras
import numpy as np
import tensorflow as tf


class Regime(enum.Enum):
    COLD = "cold"
    HOT = "hot"


keras.utils.set_random_seed(3629)
rng = np.random.default_rng(3629)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
EDGE = 0.4
PREV = Regime.COLD
SWITCHES = 0
SCALE_OF = {Regime.COLD: 1.0, Regime.HOT: 0.8}


def train_step(x, y):
    global PREV, SWITCHES
    scale = SCALE_OF[PREV]
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * scale
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    lf = float(loss)
    cur = Regime.HOT if lf > EDGE else Regime.COLD
    if cur is not PREV:
        SWITCHES += 1
    PREV = cur
    return loss, cur.value


for step in range(30):
    if step == 12:
        EDGE = 0.2
    if step == 20:
        SCALE_OF[Regime.COLD] = 0.5
    i = (step * 8) % 56
    loss, tag = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), tag, PREV.name, SWITCHES)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "prev": PREV.name, "switches": SWITCHES,
}))
