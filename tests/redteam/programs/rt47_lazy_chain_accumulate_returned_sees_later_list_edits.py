"""The step returns, unconsumed, lazy itertools views over the program's own lists:
itertools.accumulate(RECENT) (a running sum of recent losses) and
itertools.chain(WARM, COOL) (two lists of learning-rate candidates).  The caller then
edits those lists *after* the step returned (appending the new loss to RECENT,
replacing an item of WARM, clearing COOL on some steps) and only then consumes the
views, so CPython's list iterators see the edited contents.  Inside the step,
accumulate(RECENT) is also consumed directly to give the Python float that scales the
update, and `sum(itertools.chain(...))` is taken once.  Probes: lazy itertools objects
that escape the step by return and must read the lists at consumption time, not at the
step's commit."""
import random

import numpy

random.seed(4717)
numpy.random.seed(4717)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4717)
rng = np.random.default_rng(4717)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, 2:3] - np.square(XS[:, :1])).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02)
RECENT = [1.0]
WARM = [0.5, 1.0]
COOL = [0.25]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    running = list(itertools.accumulate(RECENT))[-1]
    cand = sum(itertools.chain(WARM, COOL))
    scale = cand / (1.0 + running / len(RECENT))
    OPT.apply_gradients(zip([g * scale for g in grads], MODEL.trainable_variables))
    print("  scale", repr(scale), repr(running), repr(cand))
    return loss, itertools.accumulate(RECENT), itertools.chain(WARM, COOL)


for step in range(32):
    i = (step * 8) % 88
    loss, acc, ch = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    RECENT.append(float(loss))
    if len(RECENT) > 4:
        del RECENT[0]
    WARM[step % 2] = 0.5 + 0.01 * step
    if step % 5 == 3:
        COOL.clear()
    elif not COOL:
        COOL.append(0.2)
    print(step, repr(float(loss)), [repr(a) for a in acc], [repr(c) for c in ch])

print(json.dumps({
    "recent": [repr(r) for r in RECENT],
    "warm": WARM, "cool": COOL,
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
}))
