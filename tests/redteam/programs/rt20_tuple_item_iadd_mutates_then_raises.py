"""Probes `t[0] += [v]` where `t` is a tuple holding a list: CPython extends the list in
place (`list.__iadd__`) and then raises TypeError at the tuple item store.

The step logs its loss with `STATS[0] += [lossf]` and catches the TypeError, counting
it.  Eager: while STATS is a tuple the list grows AND a TypeError is counted at every
call; from step 14 STATS is a list of the same two lists (the store works, no error);
from step 24 it is a tuple again; from step 32 its first item is a tuple of the logged
values (`+=` makes a new tuple, the store raises, nothing grows).

A conversion that drops the in-place extension when the store raises, or that does not
raise at the store, shows other list lengths and error counts.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2014)
random.seed(2014)
np.random.seed(2014)
rng = np.random.default_rng(2014)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)

LOSSES = []
NORMS = []
STATS = (LOSSES, NORMS)
ERRORS = [0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    lossf = round(float(loss), 6)
    try:
        STATS[0] += [lossf]
    except TypeError:
        ERRORS[0] += 1
    NORMS.append(round(float(tf.norm(grads[0])), 6))
    return loss


for step in range(40):
    if step == 14:
        STATS = [LOSSES, NORMS]
    if step == 24:
        STATS = (LOSSES, NORMS)
    if step == 32:
        STATS = (tuple(LOSSES), NORMS)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), type(STATS).__name__, len(LOSSES), len(STATS[0]), ERRORS[0])

print(json.dumps({
    "losses_len": len(LOSSES),
    "first_item_type": type(STATS[0]).__name__,
    "errors": ERRORS[0],
    "last_losses": LOSSES[-3:],
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
