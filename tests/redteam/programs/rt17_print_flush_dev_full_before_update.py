"""The step prints a progress line with flush=True before its optimizer update; from
step 10 to 15 the log goes to a device that is full (/dev/full, as a log volume
that filled up), then back to memory.

print(..., flush=True) to /dev/full writes into the TextIOWrapper's buffer and then
flushes it: the flush raises OSError(ENOSPC) inside the step, before
apply_gradients.  In eager those steps apply no update; the loop catches the error.
The stream is open and its encoding takes the text, so a pre-call check of "open and
encodable" passes; a graph that applied the update and replayed the print at its
commit would raise only after the weights moved.  The weights, iteration count and
failure list in the JSON would differ.
Probes: output that fails on flush (a full device), not on encode or close."""
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1010)
rng = np.random.default_rng(1010)

XS = rng.normal(size=(100, 6)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(6, 1)))).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
SINK = {"stream": io.StringIO()}


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    print(f"[{step:03d}] loss={float(loss):.5f}", file=SINK["stream"], flush=True)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


failures = []
memory_logs = []
for step in range(30):
    if step == 10:
        memory_logs.append(SINK["stream"].getvalue())
        SINK["stream"] = open("/dev/full", "w")
    if step == 16:
        try:
            SINK["stream"].close()
        except OSError as exc:
            print("close failed:", type(exc).__name__, exc.errno)
        SINK["stream"] = io.StringIO()
    i = (step * 10) % 90
    try:
        loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]), step)
    except OSError as exc:
        failures.append(step)
        print(step, "flush failed:", type(exc).__name__, exc.errno,
              repr(float(MODEL.layers[1].bias[0])))
        continue
    print(step, repr(float(loss)), repr(float(MODEL.layers[1].bias[0])))

memory_logs.append(SINK["stream"].getvalue())
del SINK["stream"]

print(json.dumps({
    "kernel": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "bias": repr(float(MODEL.layers[1].bias[0])),
    "failures": failures,
    "logged_lines": [len(m.splitlines()) for m in memory_logs],
    "last_logged": memory_logs[-1].splitlines()[-1],
    "iterations": int(OPT.iterations.numpy()),
}))
