"""The step writes into the program's INNER lists, reached through copies it made.

GROUPS is a global list of lists (per-group histories).  The step makes shallow copies
of it (`sorted(GROUPS, key=len)`, `list(reversed(GROUPS))`, `GROUPS[:]`, `[*GROUPS]`)
and appends to / trims the inner lists it finds there: in CPython a shallow copy holds
the SAME inner lists, so the appends land in the program's lists (and sorted() by
length picks a different group as they grow).  The contract says items of a guarded
list carry their place however the step reaches them (copies included) and that writes
to the caller's lists are deferred to the commit; a conversion that treats the copy's
items as lists the call made (copies) would append to copies and leave GROUPS as it
was, or land the appends on the wrong group.  Mid-run the program replaces a group by a
fresh list (step 12), empties one in place (step 22) and appends a new group (step 32).
Printed: the lengths and tails of every group after each call; the histories' identity
is also kept (LAST_SHORTEST is the list the step picked).
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2111)
random.seed(2111)
np.random.seed(2111)
rng = np.random.default_rng(2111)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

GROUPS = [[1], [2, 2], [3, 3, 3]]
LAST_SHORTEST = None


def train_step(x, y):
    global LAST_SHORTEST
    shortest = sorted(GROUPS, key=len)[0]
    shortest.append(len(shortest) + 10)
    LAST_SHORTEST = shortest
    for g in list(reversed(GROUPS))[:1]:
        g.append(-len(g))
    for g in GROUPS[:]:
        if len(g) > 6:
            del g[0]
    first, *rest = [*GROUPS]
    first.append(0)
    total = sum(len(g) for g in GROUPS)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * total)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, total


for step in range(42):
    if step == 12:
        GROUPS[1] = [7]
    if step == 22:
        GROUPS[2].clear()
    if step == 32:
        GROUPS.append([9, 9])
    i = (step * 8) % 88
    loss, total = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), total, [len(g) for g in GROUPS], [g[-2:] for g in GROUPS],
          [LAST_SHORTEST is g for g in GROUPS])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "groups": GROUPS,
    "iterations": int(OPT.iterations.numpy()),
}))
