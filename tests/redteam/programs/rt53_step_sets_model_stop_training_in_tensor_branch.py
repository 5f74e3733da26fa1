"""Early stopping signalled the way Keras callbacks do it, but from inside the step: when
the batch loss drops below the global TARGET (a branch on a tensor) the step sets
`MODEL.stop_training = True` and stores `MODEL.best_seen = float(loss)` (attributes of a
keras.Model, whose `__setattr__` is Keras' tracking code).  The loop, seeing the flag,
prints it, resets it to False, halves TARGET and goes on, so the flag is raised several
times.  Probes: writes to a Keras model's attributes inside an arm of a branch on a
tensor (only on the path taken), through a library `__setattr__`, read by the loop after
each call."""
import random

import numpy

random.seed(549)
numpy.random.seed(549)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(549)
rng = np.random.default_rng(549)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.6 + XS[:, 1:2] * 0.2).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
MODEL.stop_training = False
MODEL.best_seen = None
OPT = keras.optimizers.Adam(0.02)
TARGET = 0.2


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    if loss < TARGET:
        MODEL.stop_training = True
        MODEL.best_seen = float(loss)
    return loss


stops = []
for step in range(34):
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), MODEL.stop_training, repr(MODEL.best_seen), repr(TARGET))
    if MODEL.stop_training:
        stops.append(step)
        MODEL.stop_training = False
        TARGET = TARGET * 0.5

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "stops": stops, "best": repr(MODEL.best_seen)}))
