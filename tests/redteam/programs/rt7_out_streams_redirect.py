"""Where the step's output goes changes mid-run from outside: sys.stderr, sys.stdout and a
log file object are rebound or redirected; print's sep/end/file and sys.stdout.write's
return value are used; numpy's print options change; tf.print writes to sys.stdout.

stdout is line-buffered from the start (so tf.print's C++ writes and Python's interleave
deterministically). The step prints a progress fragment with end="" that the loop finishes,
prints a diagnostics line to sys.stderr (file=sys.stderr, looked up at each call), writes to
LOG (a text stream global) and counts the characters sys.stdout.write returns.
Step 13: sys.stderr = sys.stdout (diagnostics now appear in stdout, in order).
Step 17: np.set_printoptions(precision=3, suppress=True) (the step prints a weight slice).
Steps 20-23: the loop runs the step inside contextlib.redirect_stdout(BUF) (its prints go
         into BUF, which the loop then prints, upper-cased, on the real stdout).
Step 25: LOG is rebound to a new io.StringIO; the old one is printed.
Step 30: sys.stderr is restored; np print options reset; tf.print's summarize changes via a
         global.
Note: while sys.stderr is sys.stdout (steps 13-29), tf.print(output_stream=sys.stdout) maps
the stream to "stderr" (TF builds {sys.stdout: "stdout", sys.stderr: "stderr"} and the second
key wins), so its text leaves stdout in eager too.
A wrong converter binds the stream at build time (writes into the wrong object), replays the
fragments in the wrong order, or formats arrays with stale print options."""
import contextlib
import io
import random
import sys

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

sys.stdout.reconfigure(line_buffering=True)
tf.keras.utils.set_random_seed(2917)
random.seed(2917)
rng = np.random.default_rng(2917)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

W1 = tf.Variable(rng.normal(size=(64, 16)).astype("float32") * 0.1)
W2 = tf.Variable(rng.normal(size=(16, 10)).astype("float32") * 0.1)
LOG = io.StringIO()
WROTE = [0]
SUMMARIZE = 3
REAL_STDERR = sys.stderr


def train_step(x, y, step):
    print(f"[{step:02d}", end=" ")
    with tf.GradientTape() as tape:
        logits = tf.nn.relu(x @ W1) @ W2
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.5 * g1)
    W2.assign_sub(0.5 * g2)
    print("diag", step, f"{float(tf.norm(g1)):.6f}", sep="|", file=sys.stderr)
    LOG.write(f"{step}:{float(loss):.5f};")
    WROTE[0] += sys.stdout.write(f"loss={float(loss):.7f} ")
    print("w", W2.numpy()[:4, 1], "b", tf.reduce_sum(W1, axis=0)[:3].numpy(), sep=":", end=" ")
    tf.print("tfp", loss, W2[:5, 1], summarize=SUMMARIZE, output_stream=sys.stdout)
    return loss


BUF = io.StringIO()
for step in range(38):
    if step == 13:
        sys.stderr = sys.stdout
    elif step == 17:
        np.set_printoptions(precision=3, suppress=True)
    elif step == 25:
        old = LOG
        LOG = io.StringIO()
        print("oldlog", len(old.getvalue()), old.getvalue()[-40:])
    elif step == 30:
        sys.stderr = REAL_STDERR
        np.set_printoptions(precision=8, suppress=False)
        SUMMARIZE = 1
    i = (step * 16) % (len(X) - 16)
    xb, yb = tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16])
    if 20 <= step <= 23:
        with contextlib.redirect_stdout(BUF):
            loss = train_step(xb, yb, step)
        print("captured", repr(BUF.getvalue().upper()))
        BUF.seek(0)
        BUF.truncate()
    else:
        loss = train_step(xb, yb, step)
    print("]", repr(float(loss)), WROTE[0])

print("log", LOG.getvalue())
print("ck", repr(float(np.sum(np.abs(W1.numpy()), dtype=np.float64))),
      repr(float(np.sum(np.abs(W2.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
