"""Best-k checkpoint bookkeeping with heapq inside the step; k grows mid-run.

The step keeps the k lowest losses seen so far in a heap of (-loss, step) tuples (a
max-heap by negation, so the worst of the best sits on top):
`heapq.heappush` while fewer than K are kept, then `heapq.heappushpop` -- C functions of
the standard library that compare the new tuple, holding the float the graph computed,
with the ones in the program's list, and reorder that list in place.  It also returns
whether this step entered the best-k.  At step 12 the loop raises K from 3 to 5 (keep
more checkpoints).  Eager's heap depends on every loss value.  A build that ran heapq
natively on a stand-in for the loss, or that treated heappushpop's in-place reordering
as a plain append, would leave a different heap.  Probes: C functions of the standard
library called in the step on graph-computed Python numbers and mutating the
program's list.
"""
import heapq
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1331)
rng = np.random.default_rng(1331)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 2:3]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)
BEST = []
K = 3


def train_step(x, y, step_no):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    entry = (-float(loss), step_no)
    if len(BEST) < K:
        heapq.heappush(BEST, entry)
        entered = True
    else:
        popped = heapq.heappushpop(BEST, entry)
        entered = popped[1] != step_no
    return loss, entered


for step in range(30):
    if step == 12:
        K = 5
    i = (step * 8) % 88
    loss, entered = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), entered, sorted(s for _, s in BEST))

print(json.dumps({
    "best": [[repr(-l), s] for l, s in sorted(BEST, reverse=True)],
    "heap_order": [s for _, s in BEST],
}))
