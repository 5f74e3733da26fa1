"""Probes: print to a TextIOWrapper whose buffer was detached.

The step logs each step to LOG, an io.TextIOWrapper over a BytesIO, before the
optimizer update.  At step 14 the loop hands the bytes to a consumer with
LOG.detach().  A detached wrapper is not closed: `LOG.closed` itself raises
ValueError("underlying buffer has been detached"), and every write raises the same
ValueError.  In eager, from step 14 on each call raises at the print, before the
update (the loop catches it and counts).  janus checks before each graph call that the
stream is open (reading `closed`) and can encode the text; a stream whose `closed`
raises is a state that check may not expect, and a print replayed at commit would fail
after the update landed."""
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1808)
rng = np.random.default_rng(1808)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04, momentum=0.5)

LOG = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    print("step-log", f"{float(loss):.6f}", file=LOG)
    OPT.apply_gradients([(g, W)])
    return loss


RAW = None
errors = []
for step in range(30):
    if step == 14:
        RAW = LOG.detach()
        print("detached; log lines:", RAW.getvalue().decode().count("\n"))
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), "iterations", int(OPT.iterations.numpy()))
    except ValueError as e:
        errors.append(step)
        print(step, "ValueError:", e, "iterations", int(OPT.iterations.numpy()))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "errors": errors,
    "log_lines": RAW.getvalue().decode().count("\n"),
}))
