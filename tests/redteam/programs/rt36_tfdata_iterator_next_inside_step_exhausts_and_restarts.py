"""The step pulls its own batch with `next(IT)` from a tf.data iterator held in a global
(an IteratorGetNext on the iterator's resource: stateful, and it fails with
OutOfRange at the end, which Python sees as StopIteration).  On StopIteration the step
makes a new iterator over DS (a global write of a library object) and pulls again.  A
graph call that pulled a batch and then fell back would pull a second batch when the
interpreter re-runs the call.  At step 11 the loop replaces DS by a dataset of other
batch size (5 instead of 8) and resets IT; at step 19 it rebinds IT to an iterator
that skips 2 batches."""
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

keras.utils.set_random_seed(3615)
rng = np.random.default_rng(3615)
XS = rng.normal(size=(56, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DS = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(8)
IT = iter(DS)
RESTARTS = 0


def train_step():
    global IT, RESTARTS
    try:
        x, y = next(IT)
    except StopIteration:
        RESTARTS += 1
        IT = iter(DS)
        x, y = next(IT)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, x[0, 0]


for step in range(30):
    if step == 11:
        DS = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(5)
        IT = iter(DS)
    if step == 19:
        IT = iter(DS.skip(2))
    loss, x00 = train_step()
    print(step, float(loss).hex(), float(x00).hex(), RESTARTS)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "restarts": RESTARTS,
    "next": float(next(IT)[0][0, 0]).hex(),
}))
del IT, DS
