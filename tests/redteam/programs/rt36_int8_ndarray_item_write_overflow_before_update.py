"""Before its optimizer update the step records a quantised loss into a global int8
numpy array: `QLOG[slot] = q` with q = int(float(loss) * SCALE) (a Python int the
graph computes).  numpy 2 raises OverflowError for a Python int outside int8's range
at the item write, so in eager the step stops *before* `apply_gradients` and the
loop catches the error (the weights are not updated at that step).  A write deferred
to after the graph's updates would raise after the weights changed.  At step 12 SCALE
grows from 100.0 to 400.0 (more overflows), at step 22 it drops to 50.0."""
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

keras.utils.set_random_seed(3623)
rng = np.random.default_rng(3623)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
QLOG = np.zeros(8, dtype=np.int8)
SCALE = 100.0


def train_step(x, y, slot):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    q = int(float(loss) * SCALE)
    QLOG[slot] = q
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, q


for step in range(30):
    if step == 12:
        SCALE = 400.0
    if step == 22:
        SCALE = 50.0
    i = (step * 8) % 56
    try:
        loss, q = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step % 8)
        status = "ok %d" % q
    except OverflowError as e:
        status = "overflow " + type(e).__name__
    print(step, status, float(W2.numpy()[0, 0]).hex(), int(OPT.iterations), QLOG.tolist())

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "qlog": QLOG.tolist(),
}))
