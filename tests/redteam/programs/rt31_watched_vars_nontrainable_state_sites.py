"""Debug print of tape.watched_variables() in a co-executed step (zlib.crc32 of the
batch) whose model holds non-trainable state read and written during the call:
BatchNormalization moving statistics, a Dropout and a GaussianNoise layer with
seed generators, and a frozen Dense (trainable=False).  A metric and the loss are
called inside the tape too, and the optimizer is called inside the with-block on
steps >= 15 (its slot variables are read and written while the tape records).
Probes: which variables the tape is told a site read (eager watches only
trainable ones it reads)."""
import random

import numpy

random.seed(63)
numpy.random.seed(63)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6301)
rng = np.random.default_rng(6301)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 2:3] > 0).astype(np.float32)

frozen = keras.layers.Dense(6, name="frozen")
model = keras.Sequential([keras.Input((5,)), frozen,
                          keras.layers.BatchNormalization(name="bn"),
                          keras.layers.GaussianNoise(0.1, seed=3, name="noise"),
                          keras.layers.Dense(6, activation="relu", name="hid"),
                          keras.layers.Dropout(0.2, seed=4, name="drop"),
                          keras.layers.Dense(1, name="out")])
frozen.trainable = False
bce = keras.losses.BinaryCrossentropy(from_logits=True)
auc = keras.metrics.AUC(from_logits=True, num_thresholds=11)
opt = keras.optimizers.Adam(0.02)
crcs = []


def train_step(x, y, inside):
    crcs.append(zlib.crc32(x.tobytes()) % 3000)
    with tf.GradientTape(persistent=True) as tape:
        logits = model(x, training=True)
        loss = bce(y, logits)
        auc(y, logits)
        grads = tape.gradient(loss, model.trainable_variables)
        if inside:
            opt.apply_gradients(zip(grads, model.trainable_variables))
    names = [v.name for v in tape.watched_variables()]
    if not inside:
        opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, names


for step in range(30):
    i = (step * 8) % 56
    loss, names = train_step(XS[i:i + 8], YS[i:i + 8], step >= 15)
    print(step, repr(float(loss)), repr(float(auc.result())), len(names), names)

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
