"""Gumbel-softmax style annealing: the program's subclassed model takes the step
number as a keyword (model(x, step=step)) and computes a temperature in Python,
tau = max(0.3, 1.0 - 0.0371 * step) ** 1.5, divides its logits by it, and keeps
the last tau in a global dict; the co-executed step (zlib.crc32 of the batch)
passes a new int every call, prints the tau the model recorded, and logs it with a
Mean(dtype="float64") metric fed the Python float.  Probes: a Python int keyword
that changes every call of a model site, float64 arithmetic on it in program
code, and its value handed to a metric site."""
import random

import numpy

random.seed(76)
numpy.random.seed(76)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7601)
rng = np.random.default_rng(7601)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.argmax(XS[:, :4], axis=1).astype(np.int32)
LAST = {}


class Annealed(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(8, activation="relu")
        self.logits = keras.layers.Dense(4)

    def call(self, x, step=0):
        tau = max(0.3, 1.0 - 0.0371 * step) ** 1.5
        LAST["tau"] = tau
        return self.logits(self.hidden(x)) / tau


model = Annealed()
xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
taus = keras.metrics.Mean(dtype="float64")
opt = keras.optimizers.Adam(0.02)
crcs = []


def train_step(x, y, step):
    crcs.append(zlib.crc32(x.tobytes()) % 1111)
    with tf.GradientTape() as tape:
        loss = xent(y, model(x, step=step))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    taus(LAST["tau"])
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8], step)
    print(step, repr(float(loss)), repr(LAST["tau"]), type(LAST["tau"]).__name__, repr(float(taus.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "taus": [repr(float(v.numpy())) for v in taus.variables], "crcs": crcs[-3:],
}))
