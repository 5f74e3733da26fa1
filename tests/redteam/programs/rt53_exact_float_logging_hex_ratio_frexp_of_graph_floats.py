"""Bit-exact reproducibility logging: the step converts its loss and gradient norm to
Python floats and logs them exactly with `loss_f.hex()`, `loss_f.as_integer_ratio()`,
`math.frexp(loss_f)`, `loss_f.is_integer()`, `(int(loss_f * 2**20)).bit_length()`,
`float.fromhex(...)` round trip and `format(norm_f, ".17g")`, stores the hex string in a
dict keyed by call number and returns the ratio tuple.  At step 15 the loop scales the
inputs and targets by 2**-30 (tiny losses) and at step 24 by 0 (a zero loss: `is_integer()` True,
`frexp` (0.0, 0)).  Probes: float methods and math functions over Python floats the
graph computes (C methods that must run on the real value after the graph), big ints
from `as_integer_ratio`, and strings made from them stored in the program's state."""
import random

import numpy

random.seed(566)
numpy.random.seed(566)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(566)
rng = np.random.default_rng(566)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + XS[:, 2:3]).astype(np.float32)

W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(0.05)
HEX = {}
CALLS = [0]


def train_step(x, y):
    CALLS[0] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    loss_f = float(loss)
    norm_f = float(tf.norm(g))
    h = loss_f.hex()
    HEX[CALLS[0]] = h
    ratio = loss_f.as_integer_ratio()
    mant, expo = math.frexp(loss_f)
    bits = int(loss_f * 2 ** 20).bit_length()
    back = float.fromhex(h) == loss_f
    print("  exact", h, mant, expo, loss_f.is_integer(), bits, back, format(norm_f, ".17g"))
    return ratio


for step in range(30):
    scale = 1.0 if step < 15 else (2.0 ** -30 if step < 24 else 0.0)
    i = (step * 8) % 152
    ratio = train_step(tf.constant(XS[i:i + 8] * scale), tf.constant(YS[i:i + 8] * scale))
    print(step, ratio, type(ratio[1]).__name__, HEX[CALLS[0]])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "hex": [HEX[k] for k in sorted(HEX)][-3:]}))
