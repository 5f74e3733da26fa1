"""The step guards its residual computation with two handlers:
`except ValueError` (raised by the program's own label validation: a batch whose
label scale flag is set) and `except tf.errors.InvalidArgumentError` (a label block
whose width does not match the model's 2 outputs, a data-pipeline bug on some
batches: labels come with 3 columns).  Eager raises InvalidArgumentError
("Incompatible shapes") for the mismatch, and the step trims the labels to 2 columns.
The route taken is recorded in a Python list, counted in a dict and printed.

Probes: a converter that builds the step with static shapes sees the mismatch at
graph construction, where TF raises ValueError ("Dimensions must be equal"), and may
route that build-time error through the step's exception table into the
`except ValueError` handler -- a handler eager never runs for this batch (it zeroes the
residual).  Eager semantics: only InvalidArgumentError, only at run time.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1407)
rng = np.random.default_rng(1407)

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 8, 4)).astype(np.float32)
YFULL = np.stack([XS[:, :, 0] - XS[:, :, 1], XS[:, :, 2] * 0.5,
                  XS[:, :, 3]], axis=2).astype(np.float32)
WIDE = {6, 7, 15, 24, 25, 33}
SCALED = {11, 29}

W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3, name="W")
OPT = keras.optimizers.SGD(learning_rate=0.05)
ROUTES = []
COUNTS = {"ok": 0, "scaled": 0, "mismatch": 0}


def check_labels(flag):
    if flag:
        raise ValueError("labels arrive pre-scaled")


def train_step(x, y, scaled_flag):
    with tf.GradientTape() as tape:
        pred = x @ W
        try:
            check_labels(scaled_flag)
            resid = pred - y
            route = "ok"
        except ValueError:
            resid = pred * 0.0
            route = "scaled"
        except tf.errors.InvalidArgumentError:
            resid = pred - y[:, :2]
            route = "mismatch"
        loss = tf.reduce_mean(tf.square(resid))
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    ROUTES.append(route)
    COUNTS[route] += 1
    return loss


for step in range(N_STEPS):
    y = YFULL[step] if step in WIDE else YFULL[step][:, :2]
    loss = train_step(tf.constant(XS[step]), tf.constant(y), step in SCALED)
    if step % 4 == 0 or step in WIDE or step in SCALED:
        print(step, repr(float(loss)), ROUTES[-1], "W=%r" % [float(v) for v in W.numpy().ravel()[:3]])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "routes": "".join(r[0] for r in ROUTES),
    "counts": COUNTS,
    "iterations": int(OPT.iterations.numpy()),
}))
