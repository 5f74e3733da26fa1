"""Probe: `math` functions on graph-computed floats that return ints, tuples or use
exact arithmetic.

Each step computes from `v = float(loss)`: math.floor / math.ceil / math.trunc (Python
ints, and `type()` is int), math.frexp (a (float, int) tuple), math.modf (two floats),
math.isqrt of an int made from v, math.gcd and math.comb of such ints, math.fsum of a
list holding v and values that cancel (fsum is exactly rounded, unlike sum), math.prod
of floats, math.copysign and math.remainder (IEEE remainder, not %), math.ulp and
math.nextafter. The results feed a Python-side learning-rate multiplier, so a wrong int
changes training. Contract: math functions of graph numbers run Python's own function;
these ones return other types than float, take lists, or are exact, which a float64
numpy_function or a TF op would not give. Mechanism: return types and exactness of math
functions on Python numbers the graph carries."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1510)
rng = np.random.default_rng(1510)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) * 3.0).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.01)
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    v = float(loss)
    fl, ce, tr = math.floor(v * 10), math.ceil(-v * 10), math.trunc(-v * 10)
    mant, ex = math.frexp(v)
    frac, whole = math.modf(v * 3.5)
    r = math.isqrt(int(v * 1e6))
    gc_ = math.gcd(int(v * 1000), 360)
    cb = math.comb(fl % 40 + 5, 3)
    fs = math.fsum([v, 1e16, 1.0, -1e16])
    plain = sum([v, 1e16, 1.0, -1e16])
    pr = math.prod([v, 0.5, 3.0])
    rem = math.remainder(v * 7.0, 2.0)
    cs = math.copysign(v, -0.0)
    up = math.ulp(v)
    nx = math.nextafter(v, 0.0)
    mult = 1.0 + (ex % 3) * 0.1 + (gc_ % 4) * 0.05
    OPT.apply_gradients([(g * mult, W)])
    LOG.append([fl, ce, tr, mant, ex, frac, whole, r, gc_, cb, fs, plain, pr, rem, cs, up, nx])
    return loss, type(fl).__name__, type(ex).__name__, type(r).__name__, mult


for step in range(28):
    i = (step * 8) % 56
    loss, t1, t2, t3, mult = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    row = LOG[-1]
    print(step, repr(float(loss)), t1, t2, t3, mult, row[:5], row[8:12])

print(json.dumps({"last": [repr(v) for v in LOG[-1]],
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))
