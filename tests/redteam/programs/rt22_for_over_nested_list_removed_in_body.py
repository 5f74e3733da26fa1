"""Probes plain `for` loops over lists that are reached through other containers and
attributes (`for v in self.groups["pool"]`, `for w in REG.tiers[1]`), while the body
removes or inserts items of the very list it iterates.  CPython's list iterator is an
index into the live list: removing the current item makes the loop skip the next one,
inserting at the front makes it visit the current item again.  soundness.md says a `for`
over a container from the heap sees the call's writes as CPython's live iterators do;
this asks it for lists that are items of a dict held in an attribute and of a list held
by an object.  The step prunes small coefficients, then sums the survivors into an L2
weight.  The loop refills both lists from templates before every call and edits the
templates at steps 10, 18 and 27.  A graph that iterated a snapshot of the nested lists
would visit other items."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2227)
np.random.seed(2227)
keras.utils.set_random_seed(2227)
rng = np.random.default_rng(2227)

XS = rng.normal(size=(84, 5)).astype(np.float32)
YS = (XS[:, 1:2] * 1.5 + np.sin(XS[:, 3:4])).astype(np.float32)
POOL_T = [0.02, 0.03, 0.5, 0.04, 0.7]
TIER_T = [0.9, 2.0, 0.3]


class Registry:
    def __init__(self):
        self.tiers = [[1.0], []]


REG = Registry()


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(learning_rate=0.01)
        self.groups = {"pool": []}

    def train_step(self, x, y):
        kept = 0.0
        visits = 0
        for v in self.groups["pool"]:
            visits += 1
            if v < 0.1:
                self.groups["pool"].remove(v)
            else:
                kept += v
        for w in REG.tiers[1]:
            visits += 1
            if w > 1.0 and len(REG.tiers[1]) < 6:
                REG.tiers[1].insert(0, w * 0.5)
            kept += w
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
            reg = tf.add_n([tf.reduce_sum(tf.square(w)) for w in self.model.trainable_variables])
            total = loss + 0.001 * kept * reg
        grads = tape.gradient(total, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        return total, kept, visits


tr = Trainer()
for step in range(36):
    if step == 10:
        POOL_T.insert(1, 0.05)
    if step == 18:
        TIER_T[0] = 4.0
    if step == 27:
        POOL_T.append(0.01)
    tr.groups["pool"][:] = POOL_T
    REG.tiers[1][:] = TIER_T
    i = (step * 12) % 72
    total, kept, visits = tr.train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(total)), repr(kept), visits, tr.groups["pool"], REG.tiers[1])

print(json.dumps({
    "weights": [repr(float(v)) for w in tr.model.get_weights() for v in w.ravel()[:8]],
    "iterations": int(tr.opt.iterations.numpy()),
    "pool": tr.groups["pool"], "tier": REG.tiers[1],
}))
