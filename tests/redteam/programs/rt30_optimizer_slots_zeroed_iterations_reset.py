"""Optimizer state reset by hand mid-run, the way users 'restart' Adam after a phase
change: at step 12 every optimizer variable (iterations, m and v slots) is assigned
zeros; at step 20 only the iterations counter is set back to 3 (bias correction
jumps).  The step reads OPT.iterations into a Python int for a warmup factor
(min(1, it/5)) that scales the loss.  Probes: optimizer variables reassigned outside
the converted step, and a Python number the graph computes from them."""
import random

import numpy

random.seed(34)
numpy.random.seed(34)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3401)
rng = np.random.default_rng(3401)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 2))).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(7, activation="gelu"),
                          keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.02, beta_1=0.8)
hist = []


def train_step(x, y):
    it = int(OPT.iterations)
    warm = min(1.0, (it + 1) / 5)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y)) * warm
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    hist.append(warm)
    return loss


for step in range(30):
    if step == 12:
        for v in OPT.variables:
            v.assign(tf.zeros_like(v))
    if step == 20:
        OPT.iterations.assign(3)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(OPT.iterations), repr(hist[-1]))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()[:8]],
    "hist": [repr(h) for h in hist],
    "opt": [repr(float(np.asarray(v).ravel()[0])) for v in OPT.variables],
}))
