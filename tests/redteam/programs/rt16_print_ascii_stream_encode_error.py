"""The step logs one line per batch to a run log opened with encoding="ascii" (a
TextIOWrapper over an in-memory buffer, write_through), *before* it applies the
gradients.  Batches are tagged with their class name; two of the names are not ASCII
("naïve", "café").  In eager, print() raises UnicodeEncodeError inside the step at the
log line, so that step's optimizer update and counter increment never happen; the loop
catches the error and goes on.  A graph that defers the print to its commit would
already have applied the update (and written the counter) when the write fails: the
weights, iterations and counters would show the extra updates.  Probes: output that
fails when written, placed before the update, in a converted step."""
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1605)
rng = np.random.default_rng(1605)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = rng.integers(0, 3, size=(96,)).astype(np.int32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(3)])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.02)

RAW = io.BytesIO()
RUNLOG = io.TextIOWrapper(RAW, encoding="ascii", errors="strict", write_through=True)
COUNTS = {"applied": 0}
NAMES = ["cat", "dog", "naïve", "bird", "café", "fox"]


def train_step(x, y, step, name):
    with tf.GradientTape() as tape:
        loss = LOSS(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    print(f"step {step} batch {name} loss {float(loss):.6f}", file=RUNLOG)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    COUNTS["applied"] += 1
    return loss


failures = []
for step in range(30):
    name = NAMES[step % len(NAMES)] if step >= 6 else NAMES[step % 2]
    i = (step * 8) % 88
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step, name)
        print(step, name, repr(float(loss)), "iterations", int(OPT.iterations.numpy()))
    except UnicodeEncodeError as e:
        failures.append(step)
        print(step, name, "log failed:", e.reason, "iterations", int(OPT.iterations.numpy()),
              "applied", COUNTS["applied"])

text = RAW.getvalue().decode("ascii")
print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:9]],
    "iterations": int(OPT.iterations.numpy()),
    "applied": COUNTS["applied"],
    "failures": failures,
    "log_lines": len(text.splitlines()),
    "log_tail": text.splitlines()[-2:],
}))
