"""Mixed-precision diagnostics: the step casts the loss and a weight row to float16 and
bfloat16 and reports them the way people debug precision loss: `float()` of the cast
scalars, `str()` and `repr()` of `.numpy()` of the float16 and bfloat16 scalars (numpy
float16 and ml_dtypes bfloat16 scalars), `int()` of a bfloat16 value, and the
difference `float(loss) - float(loss16)` as a Python float.  From step 12 the loss is
scaled by 300 (a loss-scaling factor set by the loop), so float16 rounding is
coarser.  janus hands `.numpy()` values back after the graph: each text must be what
eager prints for half-precision numpy scalars."""
import random

import numpy

random.seed(141)
numpy.random.seed(141)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4341)
rng = np.random.default_rng(4341)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
SCALE = 1.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * SCALE
    W.assign_sub(0.05 / SCALE * tape.gradient(loss, W))
    l16 = tf.cast(loss, tf.float16)
    lbf = tf.cast(loss, tf.bfloat16)
    a16 = l16.numpy()
    abf = lbf.numpy()
    print("  half", str(a16), repr(a16), str(abf), repr(abf), int(lbf),
          repr(float(loss) - float(l16)), repr(float(lbf)))
    return loss


for step in range(30):
    if step == 12:
        SCALE = 300.0
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
