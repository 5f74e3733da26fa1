"""Training only on the samples a numpy filter keeps: the co-executed step hashes
each row with zlib.crc32 and keeps rows whose hash passes a threshold (the
threshold tightens from step 10, so some batches keep no rows).  It calls the
model and a CategoricalHinge loss object (which takes keras.ops.max over the
classes) and a CategoricalAccuracy metric on the kept rows; Keras raises for the
max of an empty tensor in eager, and the step catches the error, counts the
skip and applies nothing.  Probes: library code that checks emptiness only when
executing eagerly, at a loss site fed an empty batch."""
import random

import numpy

random.seed(68)
numpy.random.seed(68)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6801)
rng = np.random.default_rng(6801)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.eye(3, dtype=np.float32)[np.argmax(XS[:, :3], axis=1)]

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(3)])
hinge = keras.losses.CategoricalHinge()
acc = keras.metrics.CategoricalAccuracy()
opt = keras.optimizers.SGD(0.05)
skipped = []
THRESH = 0.8


def train_step(x, y, step):
    keep = np.array([(zlib.crc32(r.tobytes()) % 1000) / 1000.0 < THRESH for r in x])
    xk, yk = x[keep], y[keep]
    try:
        with tf.GradientTape() as tape:
            logits = model(xk, training=True)
            loss = hinge(yk, logits)
    except tf.errors.InvalidArgumentError as e:
        skipped.append(step)
        return None, int(keep.sum()), str(e).split("\n")[0][:60]
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    acc(yk, logits)
    return loss, int(keep.sum()), ""


for step in range(30):
    if step == 10:
        THRESH = 0.12
    i = (step * 8) % 56
    loss, kept, msg = train_step(XS[i:i + 8], YS[i:i + 8], step)
    print(step, kept, None if loss is None else repr(float(loss)), msg, repr(float(acc.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "skipped": skipped,
}))
