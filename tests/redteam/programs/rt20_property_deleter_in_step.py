"""Probes `del obj.prop` in a step where `prop` is a property with a deleter (program
code that prints and writes state).

`Tracker.best` has a getter and a deleter; the deleter counts the reset, prints a line
and clears `_best`.  The step prints "before", then, when the loop has requested a reset
(the global RESET_NEXT, set at steps 12, 20 and 30), runs `del TRK.best`, then reads
`TRK.best` again (infinity right after a reset), updates `_best` when the loss improved
and prints "after".  Eager prints the deleter's line between "before" and "after", and
the step sees the reset at once.

A conversion that defers `del TRK.best` like a plain attribute delete to its commit
would print the deleter's line after "after" (or run it once at build time), and the
step's read after the delete would see the old best: printed order, `resets` and the
best record differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2013)
random.seed(2013)
np.random.seed(2013)
rng = np.random.default_rng(2013)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)


class Tracker:
    def __init__(self):
        self._best = None
        self.resets = 0

    @property
    def best(self):
        return float("inf") if self._best is None else self._best

    @best.deleter
    def best(self):
        self.resets += 1
        print("  deleter: reset", self.resets, "old best", self._best)
        self._best = None


TRK = Tracker()
RESET_NEXT = False


def train_step(x, y, step):
    global RESET_NEXT
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print("before", step)
    if RESET_NEXT:
        del TRK.best
        RESET_NEXT = False
    current = TRK.best
    lossf = round(float(loss), 6)
    if lossf < current:
        TRK._best = lossf
    print("after", step, "best was", current, "now", TRK.best)
    return loss


for step in range(40):
    if step in (12, 20, 30):
        RESET_NEXT = True
    i = (step * 8) % 56
    train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)

print(json.dumps({
    "resets": TRK.resets,
    "best": TRK._best,
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
