"""Progress lines are captured by printing to a tiny sink object whose `write` is the
bound builtin `CAPTURED.append` (no class, no Python write method of the program's),
and the step reads len(CAPTURED) right after its print to number its records.

print("step", step, file=SINK) calls SINK.write four times ("step", " ", the number,
"\\n"): four appends to the program's CAPTURED list, done at the print, inside the
step.  The step then
reads len(CAPTURED) and stores it (and uses it to pick a loss weight).  A graph
that emitted the print after the call (at its commit) would read the list's length
before the appends happened: every stored count would be short by four and the
weight schedule, losses and JSON would differ.  The loop also swaps in a second sink
list at step 15.
Probes: a print whose stream write is a C method mutating the program's state, read
back inside the same call."""
import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1313)
rng = np.random.default_rng(1313)

XS = rng.normal(size=(100, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)
CAPTURED = []
SINK = types.SimpleNamespace(write=CAPTURED.append)
COUNTS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        base = tf.reduce_mean(tf.square(x @ W - y))
    print("step", step, file=SINK)
    seen = len(CAPTURED)
    COUNTS.append(seen)
    weight = 1.0 if seen % 8 == 0 else 0.5
    grads = tape.gradient(base, [W])
    OPT.apply_gradients(zip([g * weight for g in grads], [W]))
    return base, seen


for step in range(30):
    if step == 15:
        CAPTURED = []
        SINK.write = CAPTURED.append
    i = (step * 10) % 90
    loss, seen = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]), step)
    print(step, repr(float(loss)), seen, len(CAPTURED))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "counts": COUNTS,
    "captured_tail": CAPTURED[-4:],
    "captured_len": len(CAPTURED),
    "iterations": int(OPT.iterations.numpy()),
}))
