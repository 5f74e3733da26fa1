"""The step keeps a global list of (priority, name, lr_scale) records sorted with
bisect.insort (whole-tuple comparison: ties on priority are broken by the name), looks
up a slot with bisect.bisect_right over a global list, picks the best record with
max(RECORDS, key=itemgetter(2, 1)) (a module-level itemgetter), and uses the chosen
scale in the loss.  The record inserted is named by a str argument (one of five names);
a global call counter is incremented.  At step 11 the program edits the priority table
PRI_OF in place, and at step 19 truncates the list and inserts into PRIS.  (bisect with
key=, lo= or hi=, heapq.nsmallest and bisect over a slice are refused, so the program
avoids them.)  Probes: bisect, max(key=) and itemgetter on lists the step and the loop
both change."""
import random

import numpy

random.seed(3720)
numpy.random.seed(3720)

import bisect
import heapq
from operator import itemgetter

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3720)
rng = np.random.default_rng(3720)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
NAMES = ["zeta", "alpha", "mid", "beta", "omega"]
PRI_OF = {"zeta": 1, "alpha": 3, "mid": 2, "beta": 3, "omega": 0}
RECORDS = [(1, "base", 1.0)]
PRIS = [2, 4, 6]
COUNT = 0
BY_SCALE_NAME = itemgetter(2, 1)


def train_step(x, y, name):
    global COUNT
    rec = (PRI_OF[name], name, 1.0 + 0.1 * len(name))
    bisect.insort(RECORDS, rec)
    slot = 1 + bisect.bisect_right(PRIS, rec[0] * 2 - 1)
    best = max(RECORDS, key=BY_SCALE_NAME)
    scale = RECORDS[0][2] * 0.5 + best[2] * 0.25 + slot * 0.125
    COUNT += 1
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, slot, best[1]


for step in range(28):
    if step == 11:
        PRI_OF["mid"] = 4
        PRI_OF["zeta"] = 3
    if step == 19:
        del RECORDS[3:]
        PRIS.insert(0, 1)
    j = (step * 8) % 56
    loss, slot, best = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]),
                                 NAMES[step % 5])
    print(step, float(loss).hex(), slot, best, [r[1] for r in RECORDS[:6]])

print("final", [float(v).hex() for v in W.numpy().ravel()], len(RECORDS), COUNT)
