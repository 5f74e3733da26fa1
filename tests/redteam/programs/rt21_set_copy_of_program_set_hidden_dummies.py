"""Copies of the program's set whose order depends on its HIDDEN deleted slots.

CPython copies a set (`set(G)`, `G.copy()`, `frozenset(G)`, `{*G}`) slot for slot when
the source has no deleted (dummy) slots and the copy's table has the same size; with
a dummy present it re-inserts the items one by one in the source's order.  G = {3, 11}
built by add(3), add(11): 11 collides with 3 and lands in slot 0, so G iterates
[11, 3]; a slot-for-slot copy does too, but re-inserting 11 first puts it in slot 3 and
3 in slot 0: [3, 11].  At step 12 the loop runs `G.add(5); G.discard(5)`: G has the
same items, the same length and the same iteration order [11, 3], only a dummy slot
more, yet every copy the step makes now iterates [3, 11].  At step 22 G is rebuilt
without dummies (copies iterate [11, 3] again), at step 30 a dummy comes back.  The step
folds gains in the copies' order (order-dependent floats), returns the copies and
stores their orders.  The contract says the program's sets are guarded by their items
in order and the sets the step makes have eager's order: a graph built with the copies'
order [11, 3] passes such a guard after step 12 and keeps the old order.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2131)
random.seed(2131)
np.random.seed(2131)
rng = np.random.default_rng(2131)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.03)

GAIN = {3: 1.5, 11: -0.5}
G = set()
G.add(3)
G.add(11)
ORDERS = {}


def fold(items, rate):
    acc = 0.0
    for k in items:
        acc = acc * rate + GAIN[k]
    return acc


def train_step(x, y):
    s = set(G)
    c = G.copy()
    f = frozenset(G)
    u = {*G}
    a = fold(s, 0.5) + fold(c, 0.25) + fold(f, 0.125) + fold(u, 2.0)
    ORDERS["s"] = list(s)
    ORDERS["c"] = list(c)
    ORDERS["f"] = list(f)
    ORDERS["u"] = list(u)
    ORDERS["g"] = list(G)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (4.0 + a)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, a, s


for step in range(40):
    if step == 12:
        G.add(5)
        G.discard(5)
    if step == 22:
        G.clear()
        G.add(3)
        G.add(11)
    if step == 30:
        G.add(13)
        G.discard(13)
    i = (step * 8) % 88
    loss, a, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(a), list(s), ORDERS)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "orders": ORDERS,
    "iterations": int(OPT.iterations.numpy()),
}))
