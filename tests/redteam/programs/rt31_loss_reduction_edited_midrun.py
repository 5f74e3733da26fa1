"""A co-executed step (zlib.crc32 of the labels) with a CategoricalCrossentropy loss
object called with a numpy sample_weight.  The loop edits the loss object mid-run:
reduction "sum" at step 10, "none" at 16 (the step then averages itself when the
result has rank 1), label_smoothing 0.2 at 20, back to "sum_over_batch_size" at 25.
Probes: a loss site whose object's configuration changes after its build."""
import random

import numpy

random.seed(45)
numpy.random.seed(45)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4501)
rng = np.random.default_rng(4501)
XS = rng.normal(size=(64, 6)).astype(np.float32)
LABELS = np.argmax(XS[:, :3], axis=1)
YS = np.eye(3, dtype=np.float32)[LABELS]

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(3)])
cce = keras.losses.CategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.SGD(0.05, momentum=0.5)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(y.tobytes()) % 777)
    weights = np.where(y[:, 0] > 0, 2.0, 1.0).astype(np.float32)
    with tf.GradientTape() as tape:
        raw = cce(y, model(x), sample_weight=weights)
        loss = tf.reduce_mean(raw) if len(raw.shape) == 1 else raw
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tuple(raw.shape)


for step in range(30):
    if step == 10:
        cce.reduction = "sum"
    if step == 16:
        cce.reduction = "none"
    if step == 20:
        cce.label_smoothing = 0.2
    if step == 25:
        cce.reduction = "sum_over_batch_size"
    i = (step * 8) % 56
    loss, shape = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), shape)

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
