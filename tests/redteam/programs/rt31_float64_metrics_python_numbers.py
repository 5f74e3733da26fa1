"""Logging metrics with dtype="float64" in a co-executed step: the step computes the
gradient norm in numpy (a Python float from float(np.sqrt(...))), the loss as a
Python float, and a zlib.crc32 checksum of the batch (a Python int, often past
2**31).  It feeds grad_norm = Mean(dtype="float64") a Python float (eager's
tf.cast converts it to float32 first), loss_sum = Sum(dtype="float64") a numpy
float64 (converted exactly), and crc_total = Sum(dtype="int64") the Python int
checksum.  Probes: how a metric site takes Python numbers that change every call."""
import random

import numpy

random.seed(39)
numpy.random.seed(39)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3901)
rng = np.random.default_rng(3901)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(0.05)
grad_norm = keras.metrics.Mean(name="grad_norm", dtype="float64")
loss_sum = keras.metrics.Sum(name="loss_sum", dtype="float64")
crc_total = keras.metrics.Sum(name="crc_total", dtype="int64")


def train_step(x, y):
    crc = zlib.crc32(x.tobytes())
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    norm = float(np.sqrt(sum(float(np.sum(g.numpy().astype(np.float64) ** 2)) for g in grads)))
    opt.apply_gradients(zip(grads, model.trainable_variables))
    grad_norm(norm)
    loss_sum(np.float64(loss.numpy()) / 3.0)
    crc_total(crc)
    return loss, norm, crc


for step in range(30):
    i = (step * 8) % 56
    loss, norm, crc = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), repr(norm), crc, repr(float(grad_norm.result())),
          repr(float(loss_sum.result())), int(crc_total.result()))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "metrics": [[repr(float(v.numpy())) for v in m.variables] for m in (grad_norm, loss_sum, crc_total)],
}))
