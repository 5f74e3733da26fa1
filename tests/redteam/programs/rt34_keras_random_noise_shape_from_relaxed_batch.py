"""Input-noise augmentation with a Keras SeedGenerator: noise =
keras.random.normal(x.shape, stddev=0.1, seed=SEEDS) and a per-example mask
keras.random.uniform((x.shape[0], 1), seed=SEEDS) < 0.8.  The batches are 16 with a
partial last batch of 11 per epoch, so janus relaxes the batch dimension and x.shape[0]
becomes a number it reads at run time.  Keras standardises the shape with
isinstance(d, int) checks before drawing.  Probes: relaxed dimensions handed to Keras'
shape handling in seeded random ops."""
import random

import numpy

random.seed(3437)
numpy.random.seed(3437)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3437)
rng = np.random.default_rng(3437)
N = 59
XS = rng.normal(size=(N, 5)).astype(np.float32)
YS = np.tanh(XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
SEEDS = keras.random.SeedGenerator(34)
MODEL = keras.Sequential([keras.layers.Input((5,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
KINDS = []


def train_step(x, y):
    n = x.shape[0]
    KINDS.append(type(n).__name__)
    noise = keras.random.normal(x.shape, stddev=0.1, seed=SEEDS)
    keep = keras.random.uniform((n, 1), seed=SEEDS) < 0.8
    xa = tf.where(keep, x + noise, x)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(xa) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, tf.reduce_sum(xa)


for epoch in range(8):
    for b in range(0, N, 16):
        loss, s = train_step(tf.constant(XS[b:b + 16]), tf.constant(YS[b:b + 16]))
        print(epoch, b, float(loss).hex(), float(s).hex())

print("kinds", sorted(set(KINDS)))
for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
