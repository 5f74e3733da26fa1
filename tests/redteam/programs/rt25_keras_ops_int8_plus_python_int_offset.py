"""Quantisation-style step: activations are quantised to int8 codes and shifted by a
zero point the step computes as a Python int from its own calibration counter,
`q = keras.ops.add(codes8, zp)`, then dequantised.  Keras treats a Python int as a weakly
typed scalar, so eager keeps int8 (and wraps modulo 256 on overflow); with the zero
point as a strongly typed int tensor the sum would be int32 and never wrap.  At step 10
the loop moves the calibration so the shifted codes overflow int8.  Probes: Keras'
dtype inference for Python ints the graph carries (integer counterpart of the float16
case)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2522)
rng = np.random.default_rng(2522)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Calib:
    def __init__(self):
        self.k = 0
        self.base = 10


CAL = Calib()


def train_step(x, y):
    CAL.k += 1
    zp = CAL.base + CAL.k
    codes8 = keras.ops.cast(keras.ops.clip(keras.ops.round(x * 40.0), -120, 120), "int8")
    q = keras.ops.add(codes8, zp)
    xq = (keras.ops.cast(q, "float32") - zp) / 40.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xq @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss, q


for step in range(22):
    if step == 10:
        CAL.base = 60
    i = (step * 8) % 56
    loss, q = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), q.dtype.name, int(tf.reduce_min(q)), int(tf.reduce_max(q)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
