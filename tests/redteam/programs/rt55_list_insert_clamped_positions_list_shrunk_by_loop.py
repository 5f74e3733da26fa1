"""A curriculum keeps the ids of the batches still to revisit in a global list `QUEUE`.
Each step inserts its own id at position `POS` (a global: 4, then -10, then 2) with
`QUEUE.insert(POS, sid)`, which CPython clamps to the list's ends when POS lies beyond
them, then drops the oldest entry with `QUEUE.pop(0)` and picks the loss weight from
`QUEUE.index(sid)` (where its own id landed).  `sid` is a Python int counter the step
keeps in a global.  The loop removes entries between calls (step 9: the list shrinks
below POS, so the insert becomes an append), changes POS to -10 (step 14: clamped to the
front), to 2 (step 20) and extends the queue (step 26).
Probes: list.insert() at an index beyond either end of the program's list, whose length
the loop changes between calls; pop(0), index() and `in` after it."""
import random

import numpy

random.seed(5508)
numpy.random.seed(5508)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5508)
rng = np.random.default_rng(5508)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = rng.integers(0, 3, size=(96,)).astype(np.int64)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(3)])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.005)
QUEUE = [100, 101, 102, 103, 104, 105]
POS = 4
SID = 0
PLACES = []


def train_step(x, y):
    global SID
    sid = SID
    QUEUE.insert(POS, sid)
    QUEUE.pop(0)
    where = QUEUE.index(sid) if sid in QUEUE else -1
    weight = 1.0 + 0.25 * where
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True)) * weight
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    SID = sid + 1
    PLACES.append(where)
    return loss


for step in range(32):
    if step == 9:
        del QUEUE[1:4]
    if step == 14:
        POS = -10
    if step == 20:
        POS = 2
    if step == 26:
        QUEUE.extend([200, 201, 202])
    i = (step * 12) % 84
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), QUEUE, PLACES[-1])

print(json.dumps({"queue": QUEUE, "places": PLACES, "sid": SID,
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()[:6]]}))
