"""The step wraps its hyperparameters as numpy scalars every call
(np.float32(gain), np.float64(ratio), np.int64(epoch)), uses them, appends them to a
history and returns the float32 one.

numpy keeps no cache of scalar objects: in eager every call makes new np.float32 /
np.float64 / np.int64 objects, so consecutive history entries are never the same
object, while the returned gain is the very object appended to the history.  A graph
that computed these values once while building and handed the same scalar objects
back at every commit would make consecutive entries identical (`is`), and one that
made separate copies for the history and the return value would break the second
identity.  The JSON counts both, with the types, next to the weights.  The gain
changes at steps 10 and 20 (a value change, so a rebuild, then steady again).
Probes: fresh-value identity for numpy scalar types made from guarded constants."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1717)
rng = np.random.default_rng(1717)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CFG = {"gain": 1.0, "ratio": 0.25, "epoch": 3}
HISTORY = []


def train_step(x, y):
    gain = np.float32(CFG["gain"])
    ratio = np.float64(CFG["ratio"])
    epoch = np.int64(CFG["epoch"])
    with tf.GradientTape() as tape:
        loss = gain * tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    HISTORY.append((gain, ratio, epoch))
    return loss, gain


counts = {"gain_same": 0, "ratio_same": 0, "epoch_same": 0, "returned_is_stored": 0}
for step in range(30):
    if step == 10:
        CFG["gain"] = 0.5
    if step == 20:
        CFG["gain"] = 2.0
    i = (step * 8) % 88
    loss, gain = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    counts["returned_is_stored"] += gain is HISTORY[-1][0]
    if len(HISTORY) > 1:
        counts["gain_same"] += HISTORY[-1][0] is HISTORY[-2][0]
        counts["ratio_same"] += HISTORY[-1][1] is HISTORY[-2][1]
        counts["epoch_same"] += HISTORY[-1][2] is HISTORY[-2][2]
    print(step, repr(float(loss)), repr(gain), type(gain).__name__)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "counts": counts,
    "types": sorted({type(v).__name__ for rec in HISTORY for v in rec}),
    "gains": [repr(float(rec[0])) for rec in HISTORY[::5]],
    "iterations": int(OPT.iterations.numpy()),
}))
