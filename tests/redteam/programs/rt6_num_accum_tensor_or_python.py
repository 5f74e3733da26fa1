"""Accumulators that are Python numbers or tensors depending on how they are updated:
TOTAL.py += float(loss) (a Python float64 sum), TOTAL.t += loss (0.0 + EagerTensor
makes a float32 tensor, which then stays a tensor), TOTAL.n += 1 (an int), and
TOTAL.np32 = np.float32(TOTAL.np32 + loss.numpy()) (float32 rounding each step). The
step returns the accumulators and the driver prints their types and values, and whether
the returned object is the one stored (`is`). Step 12: the driver turns TOTAL.n into a
tensor (tf.constant(TOTAL.n)), so `+= 1` keeps it a tensor. Step 18: TOTAL.t is turned
back into a Python float. Step 24: TOTAL.n is turned back into a Python int with int().
Step 30: TOTAL.py is replaced with a float64 tensor (then += float(loss) makes new
float64 tensors and `mean` becomes a tensor)."""
import random

import numpy as np
import tensorflow as tf

random.seed(157)
np.random.seed(157)
tf.random.set_seed(157)

rng = np.random.default_rng(193)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))


class Totals:
    def __init__(self):
        self.py = 0.0
        self.t = 0.0
        self.n = 0
        self.np32 = np.float32(0.0)


TOTAL = Totals()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    TOTAL.py += float(loss)
    TOTAL.t += loss
    TOTAL.n += 1
    TOTAL.np32 = np.float32(TOTAL.np32 + loss.numpy())
    mean = TOTAL.py / float(TOTAL.n)
    return TOTAL.py, TOTAL.t, TOTAL.n, TOTAL.np32, mean


def show(v):
    if isinstance(v, (tf.Tensor, tf.Variable)):
        return f"{type(v).__name__}[{v.dtype.name}]:{v.numpy()!r}"
    return f"{type(v).__name__}:{v!r}"


keep = None
for step in range(36):
    if step == 12:
        TOTAL.n = tf.constant(TOTAL.n)
    elif step == 18:
        TOTAL.t = float(TOTAL.t)
    elif step == 24:
        TOTAL.n = int(TOTAL.n)
    elif step == 30:
        keep = tf.constant(TOTAL.py, dtype=tf.float64)
        TOTAL.py = keep
    i = (step * 16) % 48
    out = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, " ".join(show(v) for v in out), out[1] is TOTAL.t, out[2] is TOTAL.n)

print("final", show(TOTAL.py), show(TOTAL.t), show(TOTAL.n), show(TOTAL.np32))
print("kept", show(keep), TOTAL.py is keep)
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
