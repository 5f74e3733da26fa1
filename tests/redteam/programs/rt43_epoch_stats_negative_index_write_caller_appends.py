"""A training loop that keeps per-epoch statistics in a list owned by the caller: at the
start of each "epoch" (every 4 steps, and every 3 after step 12) the caller appends a
fresh `[0, 0.0]` record, and the step accumulates into the current epoch with negative
indices: `EPOCHS[-1][0] += 1`, `EPOCHS[-1][1] += float(loss)`, and also bumps a flat
counter list with `TOTALS[-1] += 1` where the caller appends a new slot every epoch.
`[-1]` names a different position after each append.  janus guards only that the caller's
list still has an item at a position written in place (else its length); this probes
whether a negative index written in place follows the list's current length.  Probes:
in-place writes at negative indices of lists the caller grows between calls."""
import random

import numpy

random.seed(4313)
numpy.random.seed(4313)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4313)
rng = np.random.default_rng(4313)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (np.abs(XS).sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(learning_rate=0.02)
EPOCHS = [[0, 0.0]]
TOTALS = [0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    EPOCHS[-1][0] += 1
    EPOCHS[-1][1] += float(loss)
    TOTALS[-1] += 1
    return loss


for step in range(30):
    period = 4 if step < 12 else 3
    if step > 0 and step % period == 0:
        EPOCHS.append([0, 0.0])
        TOTALS.append(0)
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), len(EPOCHS), EPOCHS[-1][0], repr(EPOCHS[-1][1]), TOTALS)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "epochs": [[n, repr(s)] for n, s in EPOCHS],
    "totals": TOTALS,
}))
