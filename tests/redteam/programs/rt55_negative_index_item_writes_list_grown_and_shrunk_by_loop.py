"""A loss tracker kept as a global list `RECENT` whose last slot the step overwrites
(`RECENT[-1] = float(loss)`) and whose second-to-last slot it decays in place
(`RECENT[-2] = RECENT[-2] * 0.5 + 0.125`).  A negative index names a position counted
from the caller's current length.  Between calls the loop appends a fresh slot (steps 7
and 14), inserts one at the front (step 20: the same negative positions, other absolute
ones) and pops two from the end (step 26).  A stale absolute position would write the
wrong slot or pass a guard that only checks that the slot still exists.
Probes: item writes and read-modify-writes at negative indices of the program's list
whose length the loop changes between calls (append, insert at 0, pop)."""
import random

import numpy

random.seed(5506)
numpy.random.seed(5506)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5506)
rng = np.random.default_rng(5506)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
LOSS = keras.losses.BinaryCrossentropy(from_logits=True)
OPT = keras.optimizers.RMSprop(learning_rate=0.01)
RECENT = [0.0, 1.0, 2.0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    RECENT[-1] = float(loss)
    RECENT[-2] = RECENT[-2] * 0.5 + 0.125
    return loss


for step in range(32):
    if step in (7, 14):
        RECENT.append(-1.0)
    if step == 20:
        RECENT.insert(0, 9.0)
    if step == 26:
        RECENT.pop()
        RECENT.pop()
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), [repr(v) for v in RECENT])

print(json.dumps({"recent": [repr(v) for v in RECENT],
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
