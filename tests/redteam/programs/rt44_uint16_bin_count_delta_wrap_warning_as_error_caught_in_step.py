"""A calibration monitor counts confident predictions on the training batch and on a
fixed reference batch, both as numpy uint16 scalars (`.numpy()` of a uint16 cast), and
reports the difference `cur - ref` each step.  When the batch has fewer, uint16
subtraction wraps around and numpy warns "overflow encountered in scalar subtract".  The caller runs every call under
warnings.simplefilter("error") from step 10 on, so the warning is raised as a
RuntimeWarning inside the step, which catches it and recomputes the delta as
`int(cur) - int(self.prev)`.  Probes: unsigned numpy scalar arithmetic that wraps, a
warnings filter set to "error" by the caller, the step's own `except RuntimeWarning`."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4417)
rng = np.random.default_rng(4417)
XS = rng.normal(size=(128, 5)).astype(np.float32)
LAB = (XS[:, 0] - XS[:, 2] > 0).astype(np.float32)[:, None]
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.05)


class Calib:
    def __init__(self):
        self.wraps = 0


CB = Calib()


XREF = tf.constant(rng.normal(size=(8, 5)).astype(np.float32))


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(y, logits))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    conf = tf.reduce_sum(tf.cast(tf.abs(logits) > 0.5, tf.int32))
    cur = tf.cast(conf, tf.uint16).numpy()
    ref = tf.cast(tf.reduce_sum(tf.cast(tf.abs(XREF @ W) > 0.5, tf.int32)), tf.uint16).numpy()
    try:
        delta = cur - ref
    except RuntimeWarning:
        CB.wraps += 1
        delta = int(cur) - int(ref)
    return loss, delta, ref


for step in range(32):
    i = (step * 8) % 120
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("error" if step >= 10 else "always")
        loss, delta, ref = train_step(tf.constant(XS[i:i + 8]), tf.constant(LAB[i:i + 8]))
    print(step, repr(float(loss)), repr(delta), type(delta).__name__, repr(ref), CB.wraps,
          [str(w.message) for w in caught])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "wraps": CB.wraps}))
