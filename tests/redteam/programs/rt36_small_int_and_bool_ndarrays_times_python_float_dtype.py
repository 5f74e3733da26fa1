"""The step receives three numpy arguments of small dtypes (a bool mask, an int8 code
array and a uint16 count array) and scales each by a Python float (a global SCALE,
and a float the graph computes from the step counter).  Under NEP 50 numpy gives
float64 for an integer or bool array times a Python float (the default float type),
while TF would convert the Python float to float32.  The results are printed with
their dtype and as float.hex of one entry, and fed to the model after a cast.  At
step 12 SCALE changes from 0.1 to 1/3 (inexact in float32); at step 21 the mask
argument becomes an int8 array instead of bool."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3616)
rng = np.random.default_rng(3616)
MASK = rng.random(size=(64, 3)) > 0.4
CODES = rng.integers(-100, 100, size=(64, 3), dtype=np.int8)
COUNTS = rng.integers(0, 60000, size=(64, 2), dtype=np.uint16)
YS = rng.normal(size=(64, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.02)
SCALE = 0.1


def train_step(mask, codes, counts, y):
    r = 1.0 + int(OPT.iterations) / 7.0
    a = mask * SCALE
    b = codes * r
    c = counts * SCALE
    feats = tf.concat([tf.cast(a, tf.float32), tf.cast(b, tf.float32) * 0.01,
                       tf.cast(c, tf.float32) * 1e-4], axis=1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(feats @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, a, b, c


MASKS = MASK
for step in range(30):
    if step == 12:
        SCALE = 1.0 / 3.0
    if step == 21:
        MASKS = MASK.astype(np.int8)
    i = (step * 8) % 56
    loss, a, b, c = train_step(MASKS[i:i + 8], CODES[i:i + 8], COUNTS[i:i + 8], tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), str(a.dtype), str(b.dtype), str(c.dtype),
          float(a[0, 0]).hex(), float(b[1, 1]).hex(), float(c[2, 1]).hex())

print(json.dumps({
    "W": [float(v).hex() for v in W.numpy().ravel()],
}))
