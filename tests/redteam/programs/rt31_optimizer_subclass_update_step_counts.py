"""An SGD subclass of the program's overrides update_step: it counts its calls per
variable name in a dict, appends the variable's name to a log list and prints the
first time it sees each variable, then calls super().update_step.  The co-executed
step (zlib.crc32 of the labels) calls opt.apply_gradients.  At step 12 the loop sets
opt.scale = 0.5, which update_step reads to scale the gradient.  Probes: the
program's Python that Keras calls back inside an optimizer site, once per variable
per call in eager."""
import random

import numpy

random.seed(34)
numpy.random.seed(34)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3401)
rng = np.random.default_rng(3401)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = rng.integers(0, 3, size=(64,)).astype(np.int32)


COUNTS = {}
LOG = []


class CountingSGD(keras.optimizers.SGD):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.scale = 1.0

    def update_step(self, gradient, variable, learning_rate):
        name = variable.name
        if name not in COUNTS:
            print("first update of", name)
        COUNTS[name] = COUNTS.get(name, 0) + 1
        LOG.append(name.split("/")[-1].split(":")[0])
        super().update_step(gradient * self.scale, variable, learning_rate)


model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(7, activation="relu"),
                          keras.layers.Dense(3)])
xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = CountingSGD(learning_rate=0.1)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(y.tobytes()))
    with tf.GradientTape() as tape:
        loss = xent(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        opt.scale = 0.5
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), sum(COUNTS.values()), len(LOG))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "counts": COUNTS, "log_tail": LOG[-8:], "crcs": crcs[-3:],
}))
