"""Multi-task fine-tuning with heads made lazily: the program's MultiHead model
keeps a dict of Dense heads whose weights are made the first time call() routes
a batch to that task (Keras builds the head lazily inside the model's call),
and the loop keeps one Adam per task in a dict.  The co-executed step (zlib.crc32
of the batch picks the task from the ones unlocked so far) calls model(x, task=task),
the loss and opts[task].apply_gradients from single call sites.  Task "c" is
unlocked at step 11 and "d" at step 19 (each makes a head inside the model site
and a new optimizer's first call).  Probes: variables made inside a model site mid
run, and an optimizer site whose callee is new."""
import random

import numpy

random.seed(67)
numpy.random.seed(67)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6701)
rng = np.random.default_rng(6701)
XS = rng.normal(size=(64, 5)).astype(np.float32)
TARGETS = {t: np.sin(XS @ rng.normal(size=(5, 1))).astype(np.float32) for t in "abcd"}


class MultiHead(keras.Model):
    def __init__(self):
        super().__init__()
        self.body = keras.layers.Dense(8, activation="tanh")
        self.heads = {t: keras.layers.Dense(1, name="head_" + t) for t in "abcd"}

    def call(self, x, task="a"):
        return self.heads[task](self.body(x))


model = MultiHead()
mse = keras.losses.MeanSquaredError()
opts = {}
UNLOCKED = ["a", "b"]
crcs = []


def train_step(x, task):
    crcs.append(zlib.crc32(x.tobytes()) % 100)
    y = TARGETS[task][i:i + 8]
    with tf.GradientTape() as tape:
        loss = mse(y, model(x, task=task))
    tv = model.body.trainable_variables + model.heads[task].trainable_variables
    grads = tape.gradient(loss, tv)
    if task not in opts:
        opts[task] = keras.optimizers.Adam(0.02)
    opts[task].apply_gradients(zip(grads, tv))
    return loss


for step in range(30):
    if step == 11:
        UNLOCKED.append("c")
    if step == 19:
        UNLOCKED.append("d")
    i = (step * 8) % 56
    x = XS[i:i + 8]
    c = zlib.crc32(x.tobytes())
    task = UNLOCKED[-1] if step in (11, 19) else UNLOCKED[c % len(UNLOCKED)]
    loss = train_step(x, task)
    print(step, task, repr(float(loss)), sorted(t for t, h in model.heads.items() if h.built), {t: int(o.iterations) for t, o in opts.items()})

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": {t: [v.numpy().tolist() for v in o.variables] for t, o in opts.items()},
    "crcs": crcs[-3:],
}))
