"""Fine-tuning that retunes a Keras Adam between steps, as a tuner callback does: at step
9 `opt.epsilon` goes from 1e-7 to 0.1 (a "stable Adam" setting that changes every
update's size), at step 15 `opt.beta_1` from 0.9 to 0.5, at step 21 `opt.weight_decay`
from None to 0.05, and at step 27 epsilon back to 1e-7.  The custom loop's step is a
plain GradientTape step over a small MLP with `apply_gradients`; it prints the loss and
the first kernel weights each step.  Probes: optimizer hyper-parameters read by Keras'
update code (plain attributes) changed mid-run between converted steps."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4422)
rng = np.random.default_rng(4422)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (np.sin(XS[:, :3].sum(axis=1, keepdims=True))).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 9:
        OPT.epsilon = 0.1
    if step == 15:
        OPT.beta_1 = 0.5
    if step == 21:
        OPT.weight_decay = 0.05
    if step == 27:
        OPT.epsilon = 1e-7
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    k = MODEL.layers[0].kernel.numpy().ravel()
    print(step, repr(float(loss)), repr(float(k[0])), repr(float(k[7])), int(OPT.iterations.numpy()))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
