"""Notebook-style script: the whole training loop is module-level code (no step
function).  Each iteration hashes the batch with zlib.crc32, runs the model, loss,
optimizer and two metrics at module level (sites whose caller is <module>), and
rebinds module globals the sites read: at step 10 `model` is rebound to a second
model sharing the first layer, at step 15 `loss_fn` to a different loss object, at
step 20 the metric name `acc` to a new metric.  Probes: sites in module-level code
whose callees are globals rebound by the same frame."""
import random

import numpy

random.seed(57)
numpy.random.seed(57)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5701)
rng = np.random.default_rng(5701)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] > 0).astype(np.float32)

shared = keras.layers.Dense(8, activation="relu")
model_a = keras.Sequential([keras.Input((5,)), shared, keras.layers.Dense(1)])
model_b = keras.Sequential([keras.Input((5,)), shared, keras.layers.Dense(1)])
model = model_a
loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.02)
opt.build(model_a.trainable_variables + model_b.layers[1].trainable_variables)
acc = keras.metrics.BinaryAccuracy(threshold=0.0)
mean_loss = keras.metrics.Mean()
crcs = []

for step in range(30):
    if step == 10:
        model = model_b
    if step == 15:
        loss_fn = keras.losses.BinaryFocalCrossentropy(from_logits=True, gamma=2.0)
    if step == 20:
        acc = keras.metrics.BinaryAccuracy(threshold=0.5)
    i = (step * 8) % 56
    x, y = XS[i:i + 8], YS[i:i + 8]
    crcs.append(zlib.crc32(x.tobytes()) % 8000)
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    acc(y, logits)
    mean_loss(loss)
    print(step, repr(float(loss)), repr(float(acc.result())), repr(float(mean_loss.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model_a.trainable_variables + model_b.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
