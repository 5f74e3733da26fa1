"""Keras infers dtypes from Python numbers by their type: keras.ops.arange(k) with a
Python int k gives int32, keras.ops.linspace(0, k, 4) gives float32 (Keras' result_type
of int and float), keras.ops.full((2,), k) uses floatx.  Here k is a Python int the step
computes from the optimizer's iteration counter (a number janus carries as an int64
graph value).  The step keeps the dtypes it saw and uses the values in its loss.
Probes: library dtype inference over `getattr(x, "dtype", type(x))` of carried numbers."""
import random

import numpy

random.seed(346)
numpy.random.seed(346)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3407)
rng = np.random.default_rng(3407)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = rng.normal(size=(80, 1)).astype(np.float32)
MODEL = keras.Sequential([keras.layers.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02)
MSE = keras.losses.MeanSquaredError()
DTYPES = []


def train_step(x, y):
    k = int(OPT.iterations) % 3 + 2
    idx = keras.ops.arange(k)
    grid = keras.ops.linspace(0, k, 4)
    fill = keras.ops.full((2,), k)
    DTYPES.append((idx.dtype, grid.dtype, fill.dtype))
    w = keras.ops.sum(keras.ops.cast(idx, "float32")) * 0.01 + keras.ops.sum(keras.ops.cast(grid, "float32")) * 0.001
    with tf.GradientTape() as tape:
        loss = MSE(y, MODEL(x)) * (1.0 + w) + keras.ops.cast(keras.ops.sum(fill), "float32") * 1e-4
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex())

print("dtypes", sorted(set(repr(d) for d in DTYPES)), len(DTYPES))
for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
