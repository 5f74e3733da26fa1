"""The step captures its own diagnostic prints into a buffer with
`contextlib.redirect_stdout(self.buf)` (the caller later decides whether to show
them), and prints one line outside the redirect.  From step 12 the caller swaps in a
new StringIO each step and echoes the captured text.  Eagerly the inner prints go to
the buffer, the outer one to the real stdout, in order.  janus replays prints after
the graph: each must go to the stream sys.stdout was at that point of the call."""
import random

import numpy

random.seed(55)
numpy.random.seed(55)

import contextlib
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4255)
rng = np.random.default_rng(4255)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = np.cos(XS[:, :1]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)


class Trainer:
    def __init__(self):
        self.buf = io.StringIO()

    def step(self, x, y, k):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
        g1, g2 = tape.gradient(loss, [W1, W2])
        with contextlib.redirect_stdout(self.buf):
            print("diag", k, f"{float(loss):.6f}")
            print("gnorm", f"{float(tf.norm(g1)):.5f}")
        W1.assign_sub(0.05 * g1)
        W2.assign_sub(0.05 * g2)
        print("step-done", k)
        return loss


tr = Trainer()
for step in range(30):
    if step >= 12:
        tr.buf = io.StringIO()
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    text = tr.buf.getvalue()
    print(step, repr(float(loss)), len(text.splitlines()), text.splitlines()[-1:])

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
