"""Active task heads kept in a frozenset that is rebuilt mid-run to an EQUAL frozenset
with a different iteration order.

A multi-task step loops over `ACTIVE_TASKS` (a frozenset of task ids) and adds each
task's loss to a float32 running total, in iteration order, and appends the ids it
visited to a Python list.  At step 11 the program rebuilds the set from its config in
another order: `ACTIVE_TASKS = frozenset([1, 9])` after `frozenset([9, 1])`.  The two
objects compare equal and hash equal, but CPython iterates them differently (9 and 1
collide in an 8-slot table, so insertion order decides the probe sequence): eager
visits 9,1 before the change and 1,9 after.  The float32 sum order changes the low bits
of the loss and gradients, and the visit log shows the order.  At step 20 the set is
rebuilt once more as frozenset([9, 1]).  A graph guarded on the set's value (==), not on
the object or its order, would keep the first order.  Probes: guards on equal-but-
differently-ordered hashed containers, iteration order folded into a graph.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1307)
rng = np.random.default_rng(1307)

N_TASKS = 12
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = rng.normal(size=(96, N_TASKS)).astype(np.float32) * 3.0 + 1.7

W = tf.Variable(rng.normal(size=(6, N_TASKS)).astype(np.float32) * 0.4)
B = tf.Variable(tf.zeros((N_TASKS,)))
OPT = keras.optimizers.SGD(learning_rate=0.01)

ACTIVE_TASKS = frozenset([9, 1])
VISITS = []
SCALE = [1.0] * N_TASKS
SCALE[9] = 1.0e-3
SCALE[1] = 7.0


def train_step(x, y):
    order = []
    with tf.GradientTape() as tape:
        out = x @ W + B
        total = tf.constant(1.0e4)
        for t in ACTIVE_TASKS:
            total = total + SCALE[t] * tf.reduce_mean(tf.square(out[:, t] - y[:, t]))
            order.append(t)
        loss = total - 1.0e4
    grads = tape.gradient(total, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    VISITS.append(tuple(order))
    return loss


for step in range(30):
    if step == 11:
        ACTIVE_TASKS = frozenset([1, 9])
    if step == 20:
        ACTIVE_TASKS = frozenset([9, 1])
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), VISITS[-1])

print(json.dumps({
    "visits": [list(v) for v in VISITS],
    "W": [repr(float(v)) for v in W.numpy()[:, 1]] + [repr(float(v)) for v in W.numpy()[:, 9]],
}))
