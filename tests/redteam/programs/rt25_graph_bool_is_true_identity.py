"""The step computes Python bools from tensors (`improved = bool(loss < TRACK.best)`,
`small = bool(tf.reduce_max(tf.abs(g)) < 0.5)`) and tests them by identity, PEP 8's
unloved but common `if improved is True:` / `if small is False:`.  bool() always returns
one of the two singletons, so eager's `is` tests answer by value: improvements are
counted and the step size halves when the gradient is not small.  At step 10 the loop
raises TRACK.best so more steps count as improvements.  Probes: `is True`/`is False` on
a Python bool the graph computes."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2516)
rng = np.random.default_rng(2516)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Tracker:
    def __init__(self):
        self.best = 0.6
        self.improved = 0
        self.flags = []


TRACK = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    improved = bool(loss < TRACK.best)
    small = bool(tf.reduce_max(tf.abs(g)) < 0.5)
    lr = 0.05
    if small is False:
        lr = 0.025
    W.assign_sub(lr * g)
    if improved is True:
        TRACK.improved += 1
    TRACK.flags.append((improved, small))
    return loss


for step in range(22):
    if step == 10:
        TRACK.best = 5.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), TRACK.improved, TRACK.flags[-1])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "improved": TRACK.improved}))
