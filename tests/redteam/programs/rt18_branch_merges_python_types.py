"""Probes: a branch on a graph value choosing Python values of different types.

The step grades each batch from its loss: `bonus = 1 if v > THR else 0.5` (an int or
a float) and `weight = (v > THR) + 0` (a bool promoted to an int).  Whether the loss
crosses THR depends on the data (merging two different strs, or a str and None, is
refused by janus, so those are left out), so in profiling the branch goes both ways
and a converter must carry a value whose *Python type* is decided at run time, then hand back `1` (int) or
`0.5` (float), never `1.0`.  The step stores bonus and weight in a history and
returns bonus; the loop prints repr() and type names.  THR moves at step 14 and at
step 22 so the mix of arms changes after the graph exists."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1826)
rng = np.random.default_rng(1826)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
YS[8:16] *= 3.0
YS[24:32] *= 3.0
YS[40:48] *= 3.0
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.01)
CFG = {"thr": 1.5}


class History:
    def __init__(self):
        self.rows = []


HIST = History()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    v = float(loss)
    bonus = 1 if v > CFG["thr"] else 0.5
    weight = (v > CFG["thr"]) + 0
    HIST.rows.append((bonus, weight))
    return loss, bonus


for step in range(30):
    if step == 14:
        CFG["thr"] = 4.0
    if step == 22:
        CFG["thr"] = 0.2
    i = (step * 8) % 56
    loss, bonus = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    b, w = HIST.rows[-1]
    print(step, repr(float(loss)), repr(bonus), type(bonus).__name__, repr(b), repr(w), type(w).__name__)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "rows": [[repr(b), type(b).__name__, repr(w), type(w).__name__] for b, w in HIST.rows],
    "bonus_is_stored": HIST.rows[-1][0] is bonus,
}))
