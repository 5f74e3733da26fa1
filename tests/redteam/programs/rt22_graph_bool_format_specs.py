"""Probes text made from a Python bool the graph computes (`improved = float(loss) <
self.best`).  bool.__format__ is int's: format(True, "") is "True", but any non-empty
spec formats the int -- f"{improved:>6}" is "     1", f"{improved:.2f}" is "1.00",
f"{improved:x}" is "1", "%5s" % improved is " True" while "%5d" % improved is "    1".  The step builds a progress line from these and also
keeps a running count of improvements with `self.wins += improved` (bool + int -> int)
and a float ratio.  The loop resets `best` to a low value at step 15 (so `improved`
flips to False for a while) and raises it at step 24.  A graph that formatted the bool
as its text (or as a float) for every spec would print other lines."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2213)
np.random.seed(2213)
keras.utils.set_random_seed(2213)
rng = np.random.default_rng(2213)

XS = rng.normal(size=(84, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) + 0.2 * rng.normal(size=(84, 1))).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


class Tracker:
    def __init__(self):
        self.best = 1e9
        self.wins = 0
        self.lines = []

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        grads = tape.gradient(loss, MODEL.trainable_variables)
        OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
        improved = float(loss) < self.best
        if improved:
            self.best = float(loss)
        self.wins += improved
        line = f"[{improved:>6}|{improved:.2f}|{improved:x}|{improved}]"
        line2 = "%5s/%5d/%-3d|" % (improved, improved, self.wins)
        self.lines.append(line + line2)
        return loss, line, line2


tr = Tracker()
for step in range(36):
    if step == 15:
        tr.best = 0.05
    if step == 24:
        tr.best = 1e9
    i = (step * 12) % 72
    loss, line, line2 = tr.train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), line, line2, tr.wins, type(tr.wins).__name__)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "wins": tr.wins, "best": repr(tr.best), "lines": tr.lines[-3:],
}))
