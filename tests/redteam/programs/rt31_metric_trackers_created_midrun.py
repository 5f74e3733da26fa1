"""Metric logging with a dict of Mean trackers called from one call site in a loop
(`for k, m in trackers.items(): m(logs[k])`).  The co-executed step (zlib.crc32 of
the batch) also calls trackers["loss"] from a second site on every 4th step (an
extra eval pass).  At step 12 the loop adds a new tracker "aux" (its first call
makes its variables), at 17 it resets "loss" and at 22 replaces "grad" with a fresh
Mean.  Probes: one metric site meeting several metric objects, metrics created
mid-run, the same metric from two sites, reset_state between steps."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4401)
rng = np.random.default_rng(4401)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(0.02)
trackers = {"loss": keras.metrics.Mean(name="loss"), "grad": keras.metrics.Mean(name="grad")}
crcs = []


def train_step(x, y, step):
    crcs.append(zlib.crc32(x.tobytes()) % 1009)
    with tf.GradientTape() as tape:
        pred = model(x)
        loss = mse(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    logs = {"loss": loss, "grad": tf.linalg.global_norm(grads), "aux": tf.reduce_mean(pred)}
    for k, m in trackers.items():
        m(logs[k])
    if step % 4 == 0:
        eval_loss = mse(y, model(x))
        trackers["loss"](eval_loss, sample_weight=0.5)
    return {k: m.result() for k, m in trackers.items()}


for step in range(30):
    if step == 12:
        trackers["aux"] = keras.metrics.Mean(name="aux")
    if step == 17:
        trackers["loss"].reset_state()
    if step == 22:
        trackers["grad"] = keras.metrics.Mean(name="grad2")
    i = (step * 8) % 56
    res = train_step(XS[i:i + 8], YS[i:i + 8], step)
    print(step, {k: repr(float(v)) for k, v in res.items()})

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "metrics": {k: [v.numpy().tolist() for v in m.variables] for k, m in trackers.items()},
    "crcs": crcs[-3:],
}))
