"""A step that receives a fixed random-projection matrix and the raw batch as float32
numpy arrays and projects the batch with numpy's `@` before handing the result to TF
(`feats = raw @ proj`, then tf ops).  Eagerly `@` of two ndarrays is numpy's matmul
(BLAS, its own summation order and blocking); a TF MatMul kernel sums in another
order, which changes the last bits of the float32 features for an inner dimension of
96.  The step returns the loss and the projected features' sum; the loop prints
both with full repr.  Probes: numpy operators on ndarray arguments computed with
numpy's own kernels."""
import random

import numpy

random.seed(28)
numpy.random.seed(28)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4121)
rng = np.random.default_rng(4121)
RAW = rng.normal(size=(64, 96)).astype(np.float32)
PROJ = (rng.normal(size=(96, 12)) / 9.0).astype(np.float32)
YS = np.sin(RAW[:, :12].sum(axis=1, keepdims=True)).astype(np.float32)
W = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(raw, proj, y):
    feats = raw @ proj
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.constant(feats) @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, feats


for step in range(30):
    i = (step * 8) % 56
    loss, feats = train_step(RAW[i:i + 8], PROJ, tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(feats.sum(dtype=np.float64))), type(feats).__name__,
          [repr(float(v)) for v in feats[0, :3]])

print("W", [repr(float(v)) for v in W.numpy().ravel()])
