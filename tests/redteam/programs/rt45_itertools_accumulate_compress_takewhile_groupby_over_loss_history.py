"""A loss-shaping heuristic computed with itertools over the recent history of losses
(the caller's list, which the loop appends to) plus this step's loss:
`accumulate(recent, max)` (running maximum), `compress(recent, MASK)`,
`takewhile(lambda v: v < LIMIT, reversed(recent))` (the calm tail), `starmap(sub,
pairwise(recent))` (differences) and `groupby` by a threshold.  The step folds these
into a bonus added to the next loss, returns them and stores the run lengths.  At step
12 the loop edits MASK in place, at step 18 it rebinds LIMIT.  Probes: C iterators of
itertools over the program's list and numbers the graph computes, run to the end by
list()/sum()/len() inside the step."""
import random

import numpy

random.seed(4505)
numpy.random.seed(4505)

import itertools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4505)
rng = np.random.default_rng(4505)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.3 * XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
HISTORY = [1.0, 0.9, 1.1]
MASK = [1, 0, 1, 1]
LIMIT = 0.6
RUNS = []


def train_step(x, y, bonus):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(MODEL(x) - y))
        loss = mse + bonus
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    recent = HISTORY[-3:] + [float(mse)]
    peaks = list(itertools.accumulate(recent, max))
    kept = list(itertools.compress(recent, MASK))
    calm = list(itertools.takewhile(lambda v: v < LIMIT, reversed(recent)))
    diffs = list(itertools.starmap(operator.sub, itertools.pairwise(recent)))
    runs = [(k, len(list(g))) for k, g in itertools.groupby(recent, key=lambda v: v > LIMIT)]
    RUNS.append(runs)
    new_bonus = 0.01 * len(calm) + 0.001 * sum(kept) + 0.001 * max(diffs)
    return loss, peaks, new_bonus


bonus = 0.0
for step in range(26):
    if step == 12:
        MASK[1] = 1
        MASK[3] = 0
    if step == 18:
        LIMIT = 0.35
    i = (step * 8) % 88
    loss, peaks, bonus = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), bonus)
    HISTORY.append(round(float(loss), 5))
    print(step, repr(float(loss)), [repr(p) for p in peaks], repr(bonus), RUNS[-1])

print(json.dumps({"history": HISTORY[-6:], "peaks_last_is_hist": peaks[0] is HISTORY[-4],
                  "bias": [repr(float(v)) for v in MODEL.layers[1].bias.numpy()]}))
