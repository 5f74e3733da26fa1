"""A set the step makes, pops from and stores keeps CPython's pop "finger".

The step builds `pool = set(range(16))`, pops NPOP items from it (set.pop() takes the
first used slot at or after `so->finger` and leaves the finger after it), adds one of
the popped ids back (it lands in its old, now dummy slot 0), and stores the set in a
global.  The program then pops two more items from the stored set OUTSIDE the step.
In CPython the stored set remembers where the step's pops stopped: after popping
0, 1 (finger 2) and re-adding 0, the next pops give 2, 3, not 0, 2.  The contract says a
set the step makes is handed out as a replica of the build's table slot for slot
(iteration order, room, deleted slots); a replica that copies the table but not the
finger (a fresh set's finger is 0) would pop the re-added id first.  At step 14 the
program changes NPOP from 2 to 3 and at step 26 the id re-added (READD) from 0 to 1, so
the finger and the re-added slot move mid-run.  Which ids pop outside the step is
printed and picks the row of the weight that gets an extra decay.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2101)
random.seed(2101)
np.random.seed(2101)
rng = np.random.default_rng(2101)

XS = rng.normal(size=(96, 16)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(16, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

NPOP = 2
READD = 0
STORED = None
POPPED_LOG = []


def train_step(x, y):
    global STORED
    pool = set(range(16))
    taken = []
    for _ in range(NPOP):
        taken.append(pool.pop())
    pool.add(READD)
    STORED = pool
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * len(pool))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, taken


for step in range(40):
    if step == 14:
        NPOP = 3
    if step == 26:
        READD = 1
    i = (step * 8) % 88
    loss, taken = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    outside = [STORED.pop(), STORED.pop()]
    POPPED_LOG.append(outside)
    # the ids popped outside pick which weight rows are decayed
    mask = np.ones((16, 1), dtype=np.float32)
    for k in outside:
        mask[k, 0] = 0.9
    W.assign(W * mask)
    print(step, repr(float(loss)), taken, outside, sorted(STORED)[:4], len(STORED))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "popped": POPPED_LOG[-5:],
    "iterations": int(OPT.iterations.numpy()),
}))
