"""Robust per-row accumulation: `for i in tf.range(n)` over the batch rows, the body calls
a helper `check(e)` that raises ValueError when the row's error exceeds a limit (a
tensor test), catches it inside the body (`except ValueError: skipped += 1; continue`),
and otherwise adds the row's squared error to a carried tensor and increments a Python
counter `kept`.  The loss is the mean of the kept rows.  Outliers are planted in some
batches.  The outer loop prints the loss and both counters.  Probes: try/except around a
raise on a tensor test inside the body of a loop on a tensor, with `continue` in the
handler and Python counters carried."""
import random

import numpy

random.seed(80)
numpy.random.seed(80)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4040)
rng = np.random.default_rng(4040)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5).astype(np.float32)
YS[[5, 21, 22, 47, 70, 91]] = 12.0
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def check(e):
    if e > 25.0:
        raise ValueError("outlier")
    return e


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = tf.square(x @ W - y)[:, 0]
        tot = tf.constant(0.0)
        kept = 0
        skipped = 0
        for i in tf.range(tf.shape(err)[0]):
            try:
                e = check(err[i])
            except ValueError:
                skipped += 1
                continue
            tot += e
            kept += 1
        loss = tot / max(kept, 1)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, kept, skipped


for step in range(30):
    i = (step * 8) % 96
    loss, kept, skipped = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), kept, skipped)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
