"""Probes: a local bound in only one arm of a branch on a tensor, read after it.

The step binds `note = float(loss)` only when the batch loss exceeds a threshold (a
branch on a tensor that goes both ways in profiling) and then reads `note` inside
`try/except UnboundLocalError` to log hard batches.  Whether the read raises depends on
the data at run time, so the merged state after the branch holds "bound" on one side
and "unbound" on the other, and the exception (and its handler, which counts misses)
is decided by the data.  A converter must route UnboundLocalError per call; its
handler writes a Python attribute.  The threshold moves at step 14 and at step 22."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1834)
rng = np.random.default_rng(1834)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
YS[8:16] *= 3.0
YS[24:32] *= 3.0
YS[48:56] *= 3.0
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.01)
CFG = {"thr": 2.0}


class Log:
    def __init__(self):
        self.hard = []
        self.misses = 0


LOG = Log()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    if loss > CFG["thr"]:
        note = float(loss)
    try:
        LOG.hard.append(note)
    except UnboundLocalError:
        LOG.misses += 1
    return loss


for step in range(30):
    if step == 14:
        CFG["thr"] = 8.0
    if step == 22:
        CFG["thr"] = 0.1
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(LOG.hard), LOG.misses)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "hard": [repr(v) for v in LOG.hard],
    "misses": LOG.misses,
}))
