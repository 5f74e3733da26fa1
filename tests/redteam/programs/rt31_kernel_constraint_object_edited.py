"""Max-norm style weight constraint written by the program: a Constraint subclass
whose __call__ counts its calls in a global dict and clips to self.limit.  Keras'
optimizer applies it after each update inside apply_gradients.  The co-executed
step (zlib.crc32 of the batch) calls opt.apply_gradients.  At step 10 the loop sets
the constraint's limit lower; at step 16 it gives the second layer's kernel a
constraint too (variable.constraint = ...); at step 22 it removes the first.
Probes: the program's constraint code run by an optimizer site, and constraints
edited after the site's build."""
import random

import numpy

random.seed(41)
numpy.random.seed(41)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4101)
rng = np.random.default_rng(4101)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (2.0 * XS[:, :1] + XS[:, 3:4]).astype(np.float32)
CALLS = {"clip": 0}


class ClipTo(keras.constraints.Constraint):
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, w):
        CALLS["clip"] += 1
        return keras.ops.clip(w, -self.limit, self.limit)


clip = ClipTo(0.6)
model = keras.Sequential([keras.Input((4,)),
                          keras.layers.Dense(6, activation="relu", kernel_constraint=clip),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(0.2)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) & 0xFFF)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        clip.limit = 0.3
    if step == 16:
        model.layers[1].kernel.constraint = ClipTo(0.25)
    if step == 22:
        model.layers[0].kernel.constraint = None
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    k0 = model.layers[0].kernel.numpy()
    k1 = model.layers[1].kernel.numpy()
    print(step, repr(float(loss)), repr(float(np.abs(k0).max())), repr(float(np.abs(k1).max())), CALLS["clip"])

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "calls": CALLS, "crcs": crcs[-3:],
}))
