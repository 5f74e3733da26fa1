"""The step prints its loss after `sys.stdout = BUF` (an io.StringIO), restored right after,
so eager's text lands in the buffer, not on stdout; a print after the block goes to
stdout.  At step 15 the loop swaps BUF for a fresh StringIO.  At the end both buffers'
contents are printed.  Probes: sys.stdout rebound by the step itself inside
the step, and the replayed prints' destination."""
import random

import numpy

random.seed(2903)
numpy.random.seed(2903)

import sys
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2903)
rng = np.random.default_rng(2903)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BUF = io.StringIO()
FIRST = BUF


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    saved = sys.stdout
    sys.stdout = BUF
    print("inner", repr(float(loss)))
    sys.stdout = saved
    print("outer", repr(float(loss)))
    return loss


for step in range(30):
    if step == 15:
        BUF = io.StringIO()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print("FIRST", FIRST.getvalue().count("\n"), FIRST.getvalue()[-40:].replace("\n", "|"))
print("SECOND", BUF.getvalue().count("\n"), BUF.getvalue()[-40:].replace("\n", "|"))
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
