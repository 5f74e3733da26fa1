"""Probes: print when sys.stdout is None.

Under pythonw or a daemonised launcher sys.stdout is None, and print() then silently
does nothing (builtin_print returns when file is None), while sys.stdout.write raises
AttributeError.  The loop sets sys.stdout = None at step 12 (it keeps printing its own
lines to the saved stream) and restores it at step 24.  The step prints a progress
line to sys.stdout "as print finds it" and also, inside try/except AttributeError,
calls sys.stdout.write for a second line, counting failures in a Python attribute
before the optimizer update.  janus checks before each graph call that the stream it
will replay print() to is open and can encode the text; a None stream is neither an
open nor a closed stream, so the check, the replay or the write's error routing may
each behave differently from eager."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1807)
rng = np.random.default_rng(1807)

OUT = sys.stdout
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.abs(XS).sum(axis=1, keepdims=True) * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.Adam(learning_rate=0.02)


class Stats:
    def __init__(self):
        self.write_failures = 0
        self.calls = 0


STATS = Stats()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    print(f"  [inner] call {STATS.calls} loss {float(loss):.6f}")
    try:
        sys.stdout.write("  [inner-write] ok\n")
    except AttributeError:
        STATS.write_failures += 1
    OPT.apply_gradients([(g, W)])
    STATS.calls += 1
    return loss


for step in range(32):
    if step == 12:
        sys.stdout = None
    if step == 24:
        sys.stdout = OUT
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "failures", STATS.write_failures, file=OUT)
    OUT.flush()

sys.stdout = OUT
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "write_failures": STATS.write_failures,
    "calls": STATS.calls,
}))
