"""Co-executed step (zlib.crc32 of the logits' bytes decides a log tag) keeps the
value apply_gradients returns: Keras 3 returns the optimizer's own iterations
variable.  The step appends it to a history list and the loop reads int() of the
first and the latest entries at every step, and `is` against opt.iterations.
Probes: identity and liveness of what an optimizer site returns."""
import random

import numpy

random.seed(32)
numpy.random.seed(32)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3201)
rng = np.random.default_rng(3201)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] > 0).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)
returned = []
tags = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = bce(y, logits)
    tags.append(zlib.crc32(logits.numpy().tobytes()) % 7)
    grads = tape.gradient(loss, model.trainable_variables)
    it = opt.apply_gradients(zip(grads, model.trainable_variables))
    returned.append(it)
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    first, last = returned[0], returned[-1]
    print(step, repr(float(loss)), int(first), int(last), first is last,
          last is opt.iterations, type(last).__name__)

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "tags": tags, "returned": [int(r) for r in returned],
    "same": [r is opt.iterations for r in returned],
}))
