"""Output redirection inside the step.  From step 10 on (global CAPTURE set) the step wraps
its detail prints in `with contextlib.redirect_stdout(BUF):` (BUF an io.StringIO), so they
go to the buffer, not to stdout; a print and a sys.stdout.write after the block go to the
real stdout again.  From step 20 on the step also prints with file=SIDE, a second StringIO
held in a dict.  The loop prints, outside the step, how many lines each buffer holds and
the last captured line.  Probes: deferred prints replayed after the call, when the stream
they target (sys.stdout, swapped by a stdlib context manager inside the call) is decided at
the print's place in the call."""
import contextlib
import io
import json
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1219)
rng = np.random.default_rng(1219)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
BUF = io.StringIO()
SINKS = {"side": io.StringIO()}
CAPTURE = False
SIDE = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    if CAPTURE:
        with contextlib.redirect_stdout(BUF):
            print("detail loss", float(loss))
            print("detail gnorm", float(tf.norm(g)))
    else:
        print("detail loss", float(loss))
    sys.stdout.write("visible\n")
    if SIDE:
        print("side", float(loss), file=SINKS["side"])
    return loss


for step in range(30):
    if step == 10:
        CAPTURE = True
    if step == 20:
        SIDE = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    captured = BUF.getvalue().splitlines()
    side = SINKS["side"].getvalue().splitlines()
    print(step, repr(float(loss)), len(captured), len(side), captured[-1:] if captured else "-")

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "buf": BUF.getvalue().splitlines()[:4],
                  "side": SINKS["side"].getvalue().splitlines()[:4]}))
