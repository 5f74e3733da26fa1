"""Gradient post-processing in numpy with a keepdims bug on some steps: the
co-executed step (zlib.crc32 of the batch decides, from step 10, whether a batch
is "noisy"; for noisy batches the step smooths the first bias gradient with a
numpy expression that leaves it shaped (6, 1) instead of (6,)).  Keras' update of
that variable then fails after it already updated the variables before it; the
step catches the exception, prints its type, and continues.  Probes: an error
raised inside an optimizer site part-way through its updates, caught by the
program (eager leaves the earlier variables updated, iterations not)."""
import random

import numpy

random.seed(74)
numpy.random.seed(74)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7401)
rng = np.random.default_rng(7401)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 2:3]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(0.05)
failures = []


def train_step(x, y, step):
    noisy = step >= 10 and zlib.crc32(x.tobytes()) % 3 == 0
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    tv = model.trainable_variables
    grads = [g.numpy() for g in tape.gradient(loss, tv)]
    if noisy:
        b = grads[1]
        grads[1] = (0.5 * b + 0.5 * b.mean(keepdims=True))[:, None]
    try:
        opt.apply_gradients(zip(grads, tv))
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        failures.append(step)
        print("  apply failed:", type(e).__name__)
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8], step)
    print(step, repr(float(loss)), int(opt.iterations),
          [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "failures": failures,
}))
