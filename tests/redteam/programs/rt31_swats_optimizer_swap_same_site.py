"""SWATS-like schedule: the co-executed step (zlib.crc32 of the batch) applies
gradients with OPTS[phase].apply_gradients(...), one call site.  Phase 0 (Adam)
until step 12, phase 1 (SGD with momentum, first used there, so it makes its
slots) until step 20, then back to the same Adam.  While SGD is in use the loop
edits the idle Adam: clipnorm = 0.05 and beta_1 = 0.5 at step 15, and its
learning rate variable at step 17.  Probes: an optimizer site whose callee
alternates between optimizer objects, and a cached graph of an idle optimizer
whose options were edited meanwhile."""
import random

import numpy

random.seed(64)
numpy.random.seed(64)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6401)
rng = np.random.default_rng(6401)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS[:, :1] * 2 + XS[:, 4:5]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
adam = keras.optimizers.Adam(0.02)
sgd = keras.optimizers.SGD(0.05, momentum=0.9)
OPTS = [adam, sgd]
crcs = []


def train_step(x, y, phase):
    crcs.append(zlib.crc32(x.tobytes()) % 5555)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    OPTS[phase].apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    phase = 1 if 12 <= step < 20 else 0
    if step == 15:
        adam.clipnorm = 0.05
        adam.beta_1 = 0.5
    if step == 17:
        adam.learning_rate = 0.005
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8], phase)
    print(step, phase, repr(float(loss)), int(adam.iterations), int(sgd.iterations),
          repr(float(model.trainable_variables[0][0, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "adam": [v.numpy().tolist() for v in adam.variables],
    "sgd": [v.numpy().tolist() for v in sgd.variables],
    "crcs": crcs[-3:],
}))
