"""The arms of an `if` on a tensor assign code constants to attributes: a float
(`T.scale = 0.75` on one arm, `T.scale = 1.25` on the other), a signed zero
(`T.z = 0.0` / `T.z = -0.0`) and a large int (`T.cap = 1000003` / `T.cap = 2000003`).
Eagerly each arm stores the code object's own constant, so when the same arm runs on
consecutive calls the new value `is` the previous call's object.  The loop keeps the
previous values and prints `is` between consecutive calls for each, `str` of the zero
and `math.copysign(1.0, z)`.  Both arms run early and later, with repeats.  Probes:
identity of code constants merged out of the arms of a branch on a tensor."""
import math
import random

import numpy

random.seed(3936)
numpy.random.seed(3936)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3936)
rng = np.random.default_rng(3936)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class T:
    scale = None
    z = None
    cap = None


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    if tf.reduce_mean(y) + off > 0.5:
        T.scale = 0.75
        T.z = 0.0
        T.cap = 1000003
    else:
        T.scale = 1.25
        T.z = -0.0
        T.cap = 2000003
    OPT.apply_gradients([(g[0] * T.scale, W)])
    return loss


prev = (None, None, None)
for step in range(len(OFF)):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(T.scale), str(T.z), math.copysign(1.0, T.z), T.cap,
          T.scale is prev[0], T.z is prev[1], T.cap is prev[2], type(T.cap).__name__)
    prev = (T.scale, T.z, T.cap)

print("W", W.numpy().ravel().tolist())
