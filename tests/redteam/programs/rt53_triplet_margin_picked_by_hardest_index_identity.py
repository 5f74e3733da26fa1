"""Triplet-loss metric learning whose margin is picked per batch by the hardest
triplet: `hardest = int(tf.argmax(d_ap - d_an))` (a Python int the graph computes),
`margin = MARGINS[hardest % 3]` from a global list of floats, the loss uses it, and the
step stores the picked float in `MINER.last_margin` and the index in a history.  The
loop prints which list item the stored margin is (`is`), replaces MARGINS[1] with an
equal float made anew (`float("0.5")`) at step 11, sets MARGINS[2] = 2.0 at step 18 and
rebinds MARGINS to a tuple at step 25.  Probes: an item of the program's list picked at
an index the graph computes, stored as the list's own object (identity checked by the
loop), and the list's items replaced by equal and unequal objects between calls."""
import random

import numpy

random.seed(543)
numpy.random.seed(543)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(543)
rng = np.random.default_rng(543)
CENTERS = rng.normal(size=(4, 6)).astype(np.float32) * 2.0
LABELS = rng.integers(0, 4, size=(400,))
XS = (CENTERS[LABELS] + rng.normal(size=(400, 6)).astype(np.float32)).astype(np.float32)

EMB = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(0.01)
MARGINS = [0.2, float("0.5"), 1.0]


class Miner:
    def __init__(self):
        self.last_margin = None
        self.hist = []


MINER = Miner()


def train_step(a, p, n):
    with tf.GradientTape() as tape:
        ea, ep, en = EMB(a), EMB(p), EMB(n)
        d_ap = tf.reduce_sum(tf.square(ea - ep), axis=1)
        d_an = tf.reduce_sum(tf.square(ea - en), axis=1)
        hardest = int(tf.argmax(d_ap - d_an))
        margin = MARGINS[hardest % 3]
        loss = tf.reduce_mean(tf.nn.relu(d_ap - d_an + margin))
    grads = tape.gradient(loss, EMB.trainable_variables)
    OPT.apply_gradients(zip(grads, EMB.trainable_variables))
    MINER.last_margin = margin
    MINER.hist.append(hardest)
    return loss


def triplets(step):
    r = np.random.default_rng(1000 + step)
    ai, pi, ni = [], [], []
    while len(ai) < 12:
        i, j, k = r.integers(0, 400, size=3)
        if LABELS[i] == LABELS[j] and LABELS[i] != LABELS[k] and i != j:
            ai.append(i); pi.append(j); ni.append(k)
    return XS[ai], XS[pi], XS[ni]


for step in range(32):
    if step == 11:
        MARGINS[1] = float("0.5")
    if step == 18:
        MARGINS[2] = 2.0
    if step == 25:
        MARGINS = (0.3, 0.6, 1.2)
    a, p, n = triplets(step)
    loss = train_step(tf.constant(a), tf.constant(p), tf.constant(n))
    which = [MINER.last_margin is m for m in MARGINS]
    print(step, repr(float(loss)), MINER.hist[-1], repr(MINER.last_margin), which)

print(json.dumps({"k": [repr(float(v)) for v in EMB.layers[0].kernel.numpy().ravel()[:6]],
                  "hist": MINER.hist, "margins": list(MARGINS)}))
