"""The step asks its batch's static shape what a logger would: x.shape.is_fully_defined(),
x.shape.as_list(), str(x.shape), x.shape == (8, 5), x.shape.with_rank(2)[0] and
x.shape.dims[0] is None, and weights the loss by 8 / x.shape[0].  Eager always sees the
exact batch.  Until step 15 every batch has 8 rows; from step 15 the loop feeds batches
of 8, 6 and 7 rows in turn, so a graph cache relaxes the batch dimension to None.
Probes: TensorShape methods on a dimension a cache relaxed."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2709)
numpy.random.seed(2709)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27091)
rng = np.random.default_rng(27091)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    shape = x.shape
    info = (shape.is_fully_defined(), shape.as_list(), str(shape), shape == (8, 5),
            shape.with_rank(2)[0], shape.dims[0] is None, shape.rank)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = (8 / shape[0]) * tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, info


for step in range(30):
    n = 8 if step < 15 else (8, 6, 7)[step % 3]
    i = (step * 8) % 56
    loss, info = train_step(tf.constant(XS[i:i + n]), tf.constant(YS[i:i + n]))
    print(step, repr(float(loss)), info)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
