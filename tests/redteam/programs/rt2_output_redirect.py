"""Output: the step prints its loss with print(), sys.stdout.write() and
tf.print(..., output_stream=sys.stdout). For steps 10-15 the loop wraps the call in
contextlib.redirect_stdout(BUF) (silencing a noisy phase); Python's writes go to BUF, tf.print's
C++ stream does not. Expects the captured text, the real stdout lines and their order as in eager."""
import contextlib
import io
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1111)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1111)
X = tf.constant(rng.normal(size=(30, 4)))
Y = tf.constant(rng.normal(size=(30, 1)))
W = tf.Variable(tf.zeros((4, 1), tf.float64))
BUF = io.StringIO()
WRITTEN = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    print(f"step {step:2d} loss={float(loss)!r}")
    n = sys.stdout.write(f"  write step={step} w0={float(W[0, 0]):.12f}\n")
    WRITTEN.append(n)
    tf.print("  tf.print step", step, "loss", loss, output_stream=sys.stdout)
    return loss


LOSSES = []
for step in range(30):
    if 10 <= step < 16:
        with contextlib.redirect_stdout(BUF):
            LOSSES.append(float(train_step(X, Y, step)))
    else:
        LOSSES.append(float(train_step(X, Y, step)))
    sys.stdout.flush()

CAPTURED = BUF.getvalue().splitlines()
print(f"final captured_lines={len(CAPTURED)} first={CAPTURED[0]!r} last={CAPTURED[-1]!r} "
      f"written_total={sum(WRITTEN)} loss={LOSSES[-1]!r}")
