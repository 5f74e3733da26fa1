"""Partial freezing at the variable level: at step 12 the loop freezes the first
layer's bias only (`dense.bias.trainable = False`, a KerasVariable attribute) and at
step 20 freezes the whole second layer (`layer.trainable = False`), then unfreezes the
bias at step 25.  The step differentiates with respect to `model.trainable_variables`,
a list Keras recomputes from every variable's flag at each read, and hands the pairs to
Adam.  janus must notice a variable's own flag change (no layer dict is written)."""
import random

import numpy

random.seed(33)
numpy.random.seed(33)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4233)
rng = np.random.default_rng(4233)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(4, 2)))).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(2)])
opt = keras.optimizers.Adam(0.02)
opt.build(model.trainable_variables)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(30):
    if step == 12:
        model.layers[0].bias.trainable = False
    if step == 20:
        model.layers[1].trainable = False
    if step == 25:
        model.layers[0].bias.trainable = True
    i = (step * 8) % 88
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, repr(float(model.layers[0].bias.numpy().sum())))

print(json.dumps({
    "vars": {v.path: [repr(float(a)) for a in v.numpy().ravel()[:3]] for v in model.weights},
}, sort_keys=True))
