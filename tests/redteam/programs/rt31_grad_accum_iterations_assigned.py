"""Adam with gradient_accumulation_steps=3 in a co-executed step (zlib.crc32 of the
batch).  Whether a call applies the accumulated update depends on
(iterations + 1) % 3.  At step 10 the loop assigns the raw counter opt._iterations = 0 (restart of
a phase), at step 16 it zeroes the accumulators by hand, and at step 21 it assigns
iterations = 7.  Probes: an accumulating optimizer site reading the program's
writes to its iteration counter and accumulator variables."""
import random

import numpy

random.seed(50)
numpy.random.seed(50)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5001)
rng = np.random.default_rng(5001)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * 2 - XS[:, 2:3]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(0.05, gradient_accumulation_steps=3)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) % 2048)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        opt._iterations.assign(0)
    if step == 16:
        for a in opt._accumulated_gradients:
            a.assign(tf.zeros_like(a))
    if step == 21:
        opt._iterations.assign(7)
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), int(opt.iterations), int(opt._iterations),
          repr(float(model.trainable_variables[0][0, 0])),
          repr(float(opt._accumulated_gradients[0][0, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
