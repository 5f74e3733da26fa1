"""Sensor batches that become numpy masked arrays mid-run.

The step normalises raw 12-bit sensor readings itself: `x = raw / 4095.0`, then feeds
`tf.cast(x, tf.float32)` to the model.  For the first 10 steps the loader yields plain
float32 ndarrays.  At step 10 a data-cleaning switch is turned on and the loader yields
`np.ma.masked_greater_equal(raw, 4095.0)` (saturated readings masked) -- an ndarray
subclass: `isinstance(x, np.ndarray)` is still True.  numpy.ma's division differs from
ndarray's in two visible ways: the result is float64 (no weak-scalar float32), and at
masked positions the data keeps the *undivided* value (numpy.ma copies the dividend back
where masked), so the saturated readings reach the model as ~4100 instead of ~1.0.  The
step also records `type(x).__name__` of the normalised batch.  Eager trains on those
values; a graph that treated the subclass as a plain ndarray input and divided in TF
would feed float32 quotients everywhere.  Probes: ndarray arguments that are a numpy
subclass (exact-type vs isinstance guards), numpy operator semantics reproduced in TF.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1310)
rng = np.random.default_rng(1310)

RAW = rng.uniform(0.0, 3800.0, size=(96, 6)).astype(np.float32)
RAW[rng.uniform(size=RAW.shape) < 0.04] = 4095.0
YS = (RAW[:, :1] / 4095.0 - RAW[:, 3:4] / 8190.0).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)
KINDS = []


def train_step(raw, y):
    x = raw / 4095.0
    KINDS.append(type(x).__name__)
    xt = tf.cast(x, tf.float32)
    with tf.GradientTape() as tape:
        pred = tf.tanh(xt @ W1) @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, tf.reduce_max(xt)


CLEAN = False
for step in range(30):
    if step == 10:
        CLEAN = True
    i = (step * 8) % 88
    raw = RAW[i:i + 8]
    if CLEAN:
        raw = np.ma.masked_greater_equal(raw, 4095.0)
    loss, xmax = train_step(raw, tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(xmax)), KINDS[-1])

print(json.dumps({
    "kinds": sorted(set(KINDS)),
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
