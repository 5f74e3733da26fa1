"""Quantization-aware monitoring: after each update the step quantizes the weights to
int8 codes (`.numpy()` of a saturating cast), and computes a dequantization check with
numpy on the codes: `codes * FACTOR` (an int8 array times a Python int, which NEP 50
keeps int8 and which wraps silently for arrays) and `codes.astype(np.int16) + OFFSET`.
At step 14 the program raises FACTOR from 3 to 130: eagerly numpy then raises
OverflowError ("Python integer 130 out of bounds for int8"), which the step catches and
answers with the int16 product instead; at step 22 FACTOR goes back to 2.  Probes:
numpy int8 array arithmetic with Python ints (NEP 50), wrap-around and the
out-of-bounds OverflowError, inside the step's own try."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4414)
rng = np.random.default_rng(4414)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
FACTOR = 3
OFFSET = 100


class Mon:
    def __init__(self):
        self.overflows = 0


MON = Mon()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    codes = tf.cast(tf.clip_by_value(tf.round(W[:, 0] * 60.0), -128.0, 127.0), tf.int8).numpy()
    try:
        scaled = codes * FACTOR
    except OverflowError:
        MON.overflows += 1
        scaled = codes.astype(np.int16) * FACTOR
    shifted = codes.astype(np.int16) + OFFSET
    return loss, codes, scaled, shifted


for step in range(30):
    if step == 14:
        FACTOR = 130
    if step == 22:
        FACTOR = 2
    i = (step * 8) % 120
    loss, codes, scaled, shifted = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), codes.tolist(), scaled.dtype.name, scaled.tolist(),
          shifted.dtype.name, shifted.tolist(), MON.overflows)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "overflows": MON.overflows}))
