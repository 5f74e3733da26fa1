"""Sequences of five lengths in an irregular order (5, 12, 9, 16, 7, 12, 5, ...).  The step
reads T = x.shape[1] (static), t_dyn = tf.shape(x)[1] (a tensor) and int(t_dyn); if T > 10
it keeps the last 10 steps (x[:, -10:]); it then subsamples with a stride chosen in Python
(2 when the kept length is even, else 1: x[:, ::stride]) and mean-pools over time before a
Dense layer.  It prints T, int(t_dyn), the kept length, the stride, tuple(x.shape) of the
subsampled tensor and tf.shape of it.  Probes: Python ints from a varying time dimension
(static vs dynamic shape) deciding slices and strides, across more lengths than a graph
keeps exact."""
import random

import numpy

random.seed(411)
numpy.random.seed(411)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3831)
rng = np.random.default_rng(3831)
LENS = [5, 12, 9, 16, 7, 12, 5, 16, 9, 7]
dense = keras.layers.Dense(1)
OPT = keras.optimizers.Adam(learning_rate=0.02)


def batch(k, T):
    r = np.random.default_rng(500 + k)
    x = r.normal(size=(6, T, 3)).astype(np.float32)
    y = x[:, -4:, :1].mean(axis=1) * 2.0 - x[:, :, 1:2].mean(axis=1)
    return x, y.astype(np.float32)


def train_step(x, y):
    T = x.shape[1]
    t_dyn = tf.shape(x)[1]
    if T > 10:
        x = x[:, -10:]
    kept = x.shape[1]
    stride = 2 if kept % 2 == 0 else 1
    xs = x[:, ::stride]
    with tf.GradientTape() as tape:
        pooled = tf.reduce_mean(xs, axis=1)
        loss = tf.reduce_mean(tf.square(dense(pooled) - y))
    grads = tape.gradient(loss, dense.trainable_variables)
    OPT.apply_gradients(zip(grads, dense.trainable_variables))
    return loss, (T, int(t_dyn), kept, stride, tuple(xs.shape), tf.shape(xs))


for step in range(30):
    x, y = batch(step, LENS[step % len(LENS)])
    loss, info = train_step(tf.constant(x), tf.constant(y))
    print(step, repr(float(loss)), info[:5], info[5].numpy().tolist())

print(json.dumps({"dense": [w.numpy().ravel().tolist() for w in dense.weights],
                  "iterations": int(OPT.iterations)}))
