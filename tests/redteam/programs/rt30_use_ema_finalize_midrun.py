"""Keras optimizer with use_ema=True, ema_momentum=0.9 and ema_overwrite_frequency=7:
Keras keeps EMA copies of the weights and overwrites the model's weights with them
every 7th iteration (an in-Keras conditional on iterations).  At step 12 the program
sets OPT.ema_momentum = 0.5; at step 20 it calls OPT.finalize_variable_values(...)
itself (weights replaced by the EMA).  Probes: the optimizer's EMA option and its
periodic overwrite under a converted step, and an edit of it mid-run."""
import random

import numpy

random.seed(49)
numpy.random.seed(49)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4901)
rng = np.random.default_rng(4901)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 3:4]).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(9, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02, use_ema=True, ema_momentum=0.9,
                            ema_overwrite_frequency=7)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        OPT.ema_momentum = 0.5
    if step == 20:
        OPT.finalize_variable_values(model.trainable_variables)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(model.layers[0].kernel.numpy()[0, 0])),
          repr(float(OPT._model_variables_moving_average[0].numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "ema": [repr(float(v)) for v in OPT._model_variables_moving_average[0].numpy().ravel()[:8]],
}))
