"""Co-executed fine-tuning step (a zlib.crc32 of the batch bytes keeps it in the
interpreter): model(x), a loss object and Adam.apply_gradients are sites.  At step 10
the loop assigns a new float learning rate (opt.learning_rate = 0.003); at step 18 it
replaces it with an ExponentialDecay schedule; at step 24 the schedule's decay_rate is edited.  Probes:
the optimizer site's reading of its learning rate after the site's graph was built."""
import random

import numpy

random.seed(31)
numpy.random.seed(31)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3101)
rng = np.random.default_rng(3101)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(6, 1))).astype(np.float32)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(learning_rate=0.01)
checksums = []


def train_step(x, y):
    checksums.append(zlib.crc32(x.tobytes()) & 0xFFFF)
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = mse(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        opt.learning_rate = 0.003
    if step == 18:
        opt.learning_rate = keras.optimizers.schedules.ExponentialDecay(0.02, 4, 0.5)
    if step == 24:
        opt.learning_rate.decay_rate = 0.9
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), repr(float(opt.learning_rate)), int(opt.iterations))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "checksums": checksums,
}))
