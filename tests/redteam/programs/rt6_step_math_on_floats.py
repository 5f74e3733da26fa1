"""The step turns its loss into Python floats and runs a zoo of math functions on them
to drive an adaptive learning rate: math.fsum over a growing history slice, floor/ceil
(ints), frexp (a (float, int) tuple), ldexp, copysign, fmod of negatives, isclose with a
global tolerance, log1p, hypot, trunc, nextafter, ulp, remainder. Step 13: the global
REL_TOL changes (isclose flips). Step 21: the history list is trimmed from outside.
Step 28: the exponent bias EXP_BIAS becomes negative (ldexp of a negative exponent)."""
import math
import random

import numpy as np
import tensorflow as tf

random.seed(31)
np.random.seed(31)
tf.random.set_seed(31)

rng = np.random.default_rng(59)
X = tf.constant(rng.normal(size=(64, 5)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype("float32") * 0.5)
B = tf.Variable([0.0])

HISTORY = []
REL_TOL = 1e-9
EXP_BIAS = 3


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    v = float(loss)
    HISTORY.append(v)
    window = HISTORY[-4:]
    smooth = math.fsum(window) / len(window)
    mant, expo = math.frexp(smooth)
    fl = math.floor(v * 100)
    ce = math.ceil(-v * 100)
    odd = math.fmod(-fl, 7)
    near = math.isclose(v, smooth, rel_tol=REL_TOL)
    lr = math.ldexp(mant, -(expo + EXP_BIAS)) + math.log1p(v) * 0.01
    lr = math.copysign(lr, math.remainder(step, 4) + 0.5)
    lr = abs(lr) if lr < 0 else lr
    h = math.hypot(v, smooth)
    t = math.trunc(-v * 1000)
    up = math.nextafter(v, math.inf) - v
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    return v, smooth, (mant, expo), fl, ce, odd, near, lr, h, t, up == math.ulp(v)


for step in range(36):
    if step == 13:
        REL_TOL = 0.5
    elif step == 21:
        del HISTORY[:-1]
    elif step == 28:
        EXP_BIAS = -2
    i = (step * 16) % 48
    out = train_step(X[i:i + 16], Y[i:i + 16], step)
    print(step, " ".join(f"{type(o).__name__}:{o!r}" for o in out))

print("HISTORY", len(HISTORY), repr(math.fsum(HISTORY)))
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))), "B", repr(float(B[0])))
