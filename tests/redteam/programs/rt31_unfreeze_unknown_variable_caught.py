"""Fine-tuning with a frozen backbone: the optimizer is built on the head's
variables only.  The co-executed step (zlib.crc32 of the inputs) applies gradients to
model.trainable_variables inside try/except ValueError.  At step 10 the loop
unfreezes the backbone: Keras raises "Unknown variable" from the optimizer site; the
step catches it, prints the first words, counts failures, and then applies to the
head's variables only.  At step 20 the loop makes a fresh optimizer for everything.
Probes: an exception from inside an optimizer site, caught by the program, and what
state the failed apply left (iterations, slots)."""
import random

import numpy

random.seed(37)
numpy.random.seed(37)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3701)
rng = np.random.default_rng(3701)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = rng.integers(0, 4, size=(64,)).astype(np.int32)

backbone = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="relu")])
head = keras.layers.Dense(4)
model = keras.Sequential([backbone, head])
model.build((None, 6))
backbone.trainable = False
xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.01)
failures = []


def train_step(x, y):
    key = zlib.crc32(x.tobytes()) & 0xFF
    with tf.GradientTape() as tape:
        loss = xent(y, model(x, training=True))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    try:
        opt.apply_gradients(zip(grads, tv))
    except ValueError as e:
        failures.append(key)
        print("  apply failed:", " ".join(str(e).split()[:2]), int(opt.iterations))
        hv = head.trainable_variables
        opt.apply_gradients(zip(grads[-len(hv):], hv))
    return loss


for step in range(30):
    if step == 10:
        backbone.trainable = True
    if step == 20:
        opt = keras.optimizers.Adam(0.005)
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), int(opt.iterations), len(opt.variables))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "failures": failures,
}))
