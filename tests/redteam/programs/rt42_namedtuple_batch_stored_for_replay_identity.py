"""Hard-example replay: the loader yields `Batch(x, y, weight)` namedtuples (weight a
Python float).  The step keeps the last batch on the
trainer (`self.hardest = batch`), appends it to a recent list, tracks the worst loss,
and returns the batch it trained on; the caller re-feeds `recent[-3]` every 5th step
and checks `ret is batch` / `tr.hardest is batch`.  janus plans
namedtuple arguments field by field; it must still store and return the caller's
namedtuple object, and the re-fed batch (an old object) must compare `is` equal."""
import random

import numpy

random.seed(5)
numpy.random.seed(5)

import json
from collections import namedtuple

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4205)
rng = np.random.default_rng(4205)
Batch = namedtuple("Batch", "x y weight")
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 2))).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(2)])
opt = keras.optimizers.SGD(0.02, momentum=0.5)


class Trainer:
    def __init__(self):
        self.hardest = None
        self.worst = -1.0
        self.recent = []

    def step(self, batch):
        with tf.GradientTape() as tape:
            loss = batch.weight * tf.reduce_mean(tf.square(model(batch.x) - batch.y))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        self.worst = max(self.worst, float(loss))
        self.hardest = batch
        self.recent.append(batch)
        return loss, batch


tr = Trainer()
log = []
for step in range(30):
    i = (step * 8) % 56
    if step % 5 == 4 and len(tr.recent) >= 3:
        batch = tr.recent[-3]
        replay = True
    else:
        batch = Batch(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 1.0 + 0.0 * step)
        replay = False
    loss, ret = tr.step(batch)
    line = (step, repr(float(loss)), replay, ret is batch, tr.hardest is batch,
            type(ret).__name__, repr(tr.worst))
    log.append(line[3:5])
    print(*line)

print(json.dumps({
    "w": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
    "worst": repr(tr.worst),
    "checks": log,
}))
