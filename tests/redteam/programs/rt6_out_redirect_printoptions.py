"""Output whose destination or format is set by a context manager *inside* the step:
`with contextlib.redirect_stdout(BUF):` around some prints (they must land in BUF, not
on stdout), and `with np.printoptions(precision=3, suppress=True):` around prints of an
ndarray and of an eager tensor (both format through numpy's print options). The step
prints before, inside and after each block. Step 12: CAPTURE turns on (the redirect
block is entered from then on). Step 19: the global print options change from outside
(np.set_printoptions(precision=2)). Step 26: BUF is replaced by a fresh StringIO. Step
31: CAPTURE turns off. The captured text is shown at the end."""
import contextlib
import io
import random

import numpy as np
import tensorflow as tf

random.seed(101)
np.random.seed(101)
tf.random.set_seed(101)

rng = np.random.default_rng(137)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 2)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype("float32"))

CAPTURE = False
BUF = io.StringIO()
OLD_BUFS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = tf.reduce_mean(tf.square(pred - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    print("begin", step)
    if CAPTURE:
        with contextlib.redirect_stdout(BUF):
            print("captured", step, f"{float(loss):.6f}")
            print("captured grad", g.numpy()[0])
    with np.printoptions(precision=3, suppress=True):
        print("opts arr", g.numpy()[:, 0])
        print("opts tensor", pred[0])
    print("plain arr", g.numpy()[:, 1])
    print("end", step, repr(float(loss)))
    return loss


for step in range(36):
    if step == 12:
        CAPTURE = True
    elif step == 19:
        np.set_printoptions(precision=2)
    elif step == 26:
        OLD_BUFS.append(BUF)
        BUF = io.StringIO()
    elif step == 31:
        CAPTURE = False
    i = (step * 16) % 48
    train_step(X[i:i + 16], Y[i:i + 16], step)

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
for k, b in enumerate(OLD_BUFS + [BUF]):
    text = b.getvalue()
    print(f"--- buffer {k}: {len(text)} chars, {text.count(chr(10))} lines")
    print(text, end="")
