"""Robust regression with per-example gradient clipping: per-example Keras losses
(Huber(delta=1.0, reduction=None) plus 0.5 * LogCosh(reduction=None)) are
differentiated with tape.jacobian(per_example, variables) (pfor, which eager runs as a
tf.function of its own); each example's gradient is clipped to norm 1 and the mean
applied with Adam.  At step 12 the program rebinds huber to a new Huber(delta=0.5).  Probes: per-example jacobians through
Keras' robust losses under a converted step, bit for bit."""
import random

import numpy

random.seed(73)
numpy.random.seed(73)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7301)
rng = np.random.default_rng(7301)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 2:3] + rng.standard_t(2, size=(64, 1))).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
huber = keras.losses.Huber(delta=1.0, reduction=None)
logcosh = keras.losses.LogCosh(reduction=None)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        pred = model(x)
        per = huber(y, pred) + 0.5 * logcosh(y, pred)
    jac = tape.jacobian(per, tv)
    norms = tf.sqrt(tf.add_n([tf.reduce_sum(tf.square(tf.reshape(j, [8, -1])), axis=1) for j in jac]))
    scale = tf.minimum(1.0, 1.0 / (norms + 1e-12))
    grads = [tf.reduce_mean(j * tf.reshape(scale, [8] + [1] * (len(j.shape) - 1)), axis=0) for j in jac]
    OPT.apply_gradients(zip(grads, tv))
    return tf.reduce_mean(per), tf.reduce_max(norms)


for step in range(30):
    if step == 12:
        huber = keras.losses.Huber(delta=0.5, reduction=None)
    i = (step * 8) % 56
    loss, mx = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(mx)), repr(float(model.layers[0].bias.numpy()[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "b0": [repr(float(v)) for v in model.layers[0].bias.numpy().ravel()],
    "b1": [repr(float(v)) for v in model.layers[1].bias.numpy().ravel()],
}))
