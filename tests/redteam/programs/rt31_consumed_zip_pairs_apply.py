"""The step builds pairs = zip(grads, tvars) once and uses it for more than one
thing, a common bug.  Steps 0-5 apply zip(gi, vi) over list iterators of grads and
variables it advanced by one (12-19: by two); steps 6-11 peek at the first pair
with next(pairs) to log the first gradient's norm, so apply_gradients gets only the
remaining pairs (the first variable is not updated); from step 20 it logs every
gradient norm by iterating pairs, so apply_gradients gets an exhausted zip and
Keras raises ValueError, which the step catches and counts.
The co-executed step hashes the batch with zlib.crc32.  Probes: how an optimizer
site takes pairs from a zip (or iterators) the program already advanced."""
import random

import numpy

random.seed(56)
numpy.random.seed(56)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5601)
rng = np.random.default_rng(5601)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, 3:4] - XS[:, :1]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(0.03)
errors = []
crcs = []


def train_step(x, y, step):
    crcs.append(zlib.crc32(x.tobytes()) % 7000)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    tvars = model.trainable_variables
    grads = tape.gradient(loss, tvars)
    pairs = zip(grads, tvars)
    if step < 6 or 12 <= step < 20:
        gi, vi = iter(grads), iter(tvars)
        next(gi)
        if step >= 12:
            next(gi)
            next(vi)
        next(vi)
        pairs = zip(gi, vi)
        logged = []
    elif step < 12:
        g0, _ = next(pairs)
        logged = [repr(float(tf.norm(g0)))]
    else:
        logged = [repr(float(tf.norm(g))) for g, _ in pairs]
    try:
        opt.apply_gradients(pairs)
    except ValueError as e:
        errors.append(step)
        logged.append(str(e)[:40])
    return loss, logged


for step in range(30):
    i = (step * 8) % 56
    loss, logged = train_step(XS[i:i + 8], YS[i:i + 8], step)
    print(step, repr(float(loss)), int(opt.iterations), logged[:2],
          repr(float(model.trainable_variables[0][0, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "errors": errors, "crcs": crcs[-3:],
}))
