"""The step sizes its reporting precision and a smoothing epsilon from numpy's global
print options: `digits = np.get_printoptions()["precision"]`, then
`eps = 10.0 ** -digits` enters the loss (a tolerance added to a log term) and the loss is
recorded as `round(float(loss), digits)`.  At step 12 the loop calls
`np.set_printoptions(precision=3)` (as a notebook cell tidying its printout would).
Probes: library configuration (numpy's print options, held in a context variable) read
by the step through a getter, not through printing, changed mid-run."""
import random

import numpy

random.seed(4521)
numpy.random.seed(4521)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4521)
rng = np.random.default_rng(4521)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) + 0.2).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1, activation="softplus")])
OPT = keras.optimizers.SGD(learning_rate=0.05)
RECORD = []


def train_step(x, y):
    digits = np.get_printoptions()["precision"]
    eps = 10.0 ** -digits
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(tf.math.log(pred + eps) - tf.math.log(y + eps)))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    RECORD.append(round(float(loss), digits))
    return loss, digits, eps


for step in range(24):
    if step == 12:
        np.set_printoptions(precision=3)
    i = (step * 8) % 72
    loss, digits, eps = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), digits, repr(eps), repr(RECORD[-1]))

print(json.dumps({"record": [repr(v) for v in RECORD[-4:]],
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
