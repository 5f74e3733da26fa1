"""Probe: output written below Python's text layer (os.write on fd 1, and the binary
buffer sys.stdout.buffer) interleaved with print() inside the step.

Each step prints a line with print(), calls sys.stdout.flush(), writes a line with
os.write(1, ...) straight to the file descriptor, prints again, flushes, and writes a
line through sys.stdout.buffer.write(...) + flush. Because the program flushes before
every low-level write, eager's output order is program order whatever the buffering of
stdout (tty or pipe). The os.write line includes a Python int computed from the loss.
A runtime that defers print() to after the graph but lets fd-level writes happen when
they are reached (or at build time), or that does not treat flush() as an ordering
point, reorders the lines. Mechanism: ordering of output that bypasses sys.stdout's
TextIOWrapper."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1534)
rng = np.random.default_rng(1534)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    code = int(float(loss) * 10000)
    print(f"[{n}] print before fd write")
    sys.stdout.flush()
    os.write(1, f"[{n}] fd write code={code}\n".encode())
    print(f"[{n}] print after fd write")
    sys.stdout.flush()
    sys.stdout.buffer.write(f"[{n}] buffer write\n".encode())
    sys.stdout.buffer.flush()
    return loss


for step in range(26):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)))
    sys.stdout.flush()

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()]}))
