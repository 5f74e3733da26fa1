"""Batches travel as a tf.experimental.ExtensionType, Batch(x, y, temperature), whose
temperature is a Python float field (part of its TypeSpec, not a tensor).  The step
divides its loss by batch.temperature and adds batch.bias_scale * mean(x).  The loop
alternates two Batch objects; at step 15 it replaces them with Batches of the same
tensors and temperature 2.0, and at step 22 with ones whose bias_scale is 0.05.  Probes: an argument whose Python fields
are static parts of a composite tensor."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2713)
numpy.random.seed(2713)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27131)
rng = np.random.default_rng(27131)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Batch(tf.experimental.ExtensionType):
    x: tf.Tensor
    y: tf.Tensor
    temperature: float
    bias_scale: float


def train_step(batch):
    with tf.GradientTape() as tape:
        h = tf.tanh(batch.x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - batch.y)) / batch.temperature
        loss = loss + batch.bias_scale * tf.reduce_mean(batch.x)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


temperature, bias_scale = 1.0, 0.0
BATCHES = [Batch(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 1.0, 0.0)
           for i in (0, 8)]
for step in range(30):
    if step == 15:
        temperature = 2.0
    if step == 22:
        bias_scale = 0.05
    if step in (15, 22):
        BATCHES = [Batch(b.x, b.y, temperature, bias_scale) for b in BATCHES]
    loss = train_step(BATCHES[step % 2])
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
