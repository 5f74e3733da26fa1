"""The step zeroes the update for an outlier: per-example errors err (shape (B,)) and
outlier = bool(err > LIMIT), a truth test that eager's tensor answers through numpy:
fine for one element, ValueError ("The truth value of an array with more than one
element is ambiguous") for more, which the step catches and treats as no outlier.
Until step 15 every batch has one row; from step 15 the loop feeds batches of 1, 2 and
3 rows in turn, so a graph cache relaxes the batch dimension.  Probes: the truth test
of a tensor whose element count a relaxed dimension hides."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2733)
numpy.random.seed(2733)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27331)
rng = np.random.default_rng(27331)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LIMIT = 1.5
AMBIGUOUS = [0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        err = tf.reduce_sum(tf.square(h @ W2 - y), axis=1)
        loss = tf.reduce_mean(err)
    try:
        outlier = bool(err > LIMIT)
    except ValueError:
        AMBIGUOUS[0] += 1
        outlier = False
    keep = 0.0 if outlier else 1.0
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip([g * keep for g in grads], [W1, W2]))
    return loss, keep


for step in range(30):
    n = 1 if step < 15 else (1, 2, 3)[step % 3]
    i = (step * 5) % 56
    loss, what = train_step(tf.constant(XS[i:i + n]), tf.constant(YS[i:i + n]))
    print(step, n, repr(float(loss)), what, AMBIGUOUS[0])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
