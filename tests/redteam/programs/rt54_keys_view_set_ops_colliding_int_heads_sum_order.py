"""Multi-head regression: five heads keyed by ints that all collide in a small hash
table (3, 11, 19, 27, 35 are equal mod 8), each with its own weight vector and loss
coefficient in HEADS.  The step picks the heads it trains with set operators on the dict's
keys view (HEADS.keys() & ENABLED, HEADS.keys() - FROZEN, HEADS.keys() ^ FROZEN,
HEADS.keys() | ENABLED), then sums the per-head losses in the iteration order of the set
it got (float addition: the order shows in the last bits) and builds the variable list in
that order too.  The loop discards and re-adds members of ENABLED and FROZEN (which
changes their table layout and so the order the view operators insert in), and adds a
head mid-run.
Probes: sets made by dict-keys-view operators in the step: which operand CPython iterates
(by size), their insertion order with colliding hashes, and the float sums taken in it."""
import random

import numpy

random.seed(5402)
numpy.random.seed(5402)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5402)
rng = np.random.default_rng(5402)
XS = rng.normal(size=(96, 3)).astype(np.float32) * 2.0
YS = (np.sin(XS @ np.array([[0.7], [-0.3], [1.1]], np.float32))).astype(np.float32)

HEADS = {3: 1.0, 11: 0.37, 19: 0.11, 27: 1.7, 35: 0.53}
HW = {k: tf.Variable(tf.random.normal((3, 1), seed=k) * 0.3, name=f"head{k}") for k in [3, 11, 19, 27, 35, 43]}
ENABLED = {11, 3, 27}
FROZEN = {19}
LR = 0.03
ORDERS = []


def train_step(x, y):
    active = HEADS.keys() & ENABLED
    trainable = HEADS.keys() - FROZEN
    sym = HEADS.keys() ^ FROZEN
    union = HEADS.keys() | ENABLED
    with tf.GradientTape() as tape:
        total = 0.0
        for k in active:
            total = total + HEADS[k] * tf.reduce_mean(tf.square(tf.matmul(x, HW[k]) - y))
        for k in sym:
            total = total + 0.001 * HEADS[k] * tf.reduce_sum(HW[k] * HW[k])
    vs = [HW[k] for k in trainable if k in union]
    grads = tape.gradient(total, vs)
    for v, g in zip(vs, grads):
        if g is not None:
            v.assign_sub(LR * g)
    ORDERS.append(tuple(active))
    return total, list(active), list(trainable), list(sym), len(union)


for step in range(40):
    if step == 7:
        ENABLED.discard(11)
        ENABLED.add(11)
    if step == 12:
        ENABLED.add(35)
        ENABLED.add(19)
    if step == 17:
        FROZEN.add(3)
        FROZEN.discard(19)
    if step == 22:
        HEADS[43] = 0.29
        ENABLED.discard(3)
    if step == 27:
        ENABLED.add(43)
        ENABLED.add(3)
    if step == 32:
        ENABLED.clear()
        ENABLED.update([27, 43, 11, 35, 3, 19])
    i = (step * 8) % 88
    try:
        loss, act, tr, sym, nu = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), act, tr, sym, nu)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": {str(k): [repr(float(a)) for a in v.numpy().ravel()] for k, v in HW.items()},
                  "orders": [list(o) for o in ORDERS[::5]], "enabled": list(ENABLED), "frozen": list(FROZEN)}))
