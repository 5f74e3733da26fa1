"""The loop trains with STEP, which at first is train_step itself.  At step 15 it makes
a second function from the very same code object with types.FunctionType and a copy
of the module's globals in which SCALE is 3.0 instead of 1.0 (the variables and the
optimizer are the same objects), and calls that one from then on.  train_step scales
its loss by SCALE, read as a global: eager reads the new function's globals.  At step
23 it also sets SCALE = 0.5 in the module, which the new function does not see.
Probes: graphs kept per code object when another function runs the same code under
another globals dict."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2710)
numpy.random.seed(2710)

import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27101)
rng = np.random.default_rng(27101)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALE = 1.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = SCALE * tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


STEP = train_step
for step in range(30):
    if step == 15:
        other = dict(globals())
        other["SCALE"] = 3.0
        STEP = types.FunctionType(train_step.__code__, other, "train_step")
    if step == 23:
        SCALE = 0.5
    i = (step * 8) % 56
    loss = STEP(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), STEP is train_step)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
