"""A keras.metrics.Mean subclass of the program's: update_state prints when the
value passes a global THRESHOLD the loop changes (step 11), appends to a global list
and increments a global dict's counter, then calls super().update_state; result() also counts its
calls.  The co-executed step (zlib.crc32 of the batch) calls train_loss(loss) and
reads train_loss.result() inside the step.  Probes: the program's code in a metric
site, Python side effects per call, a global read there."""
import random

import numpy

random.seed(35)
numpy.random.seed(35)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3501)
rng = np.random.default_rng(3501)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
THRESHOLD = 0.8
STATS = {"seen": 0, "reads": 0}
VALUES = []


class LoggedMean(keras.metrics.Mean):
    def __init__(self, **kw):
        super().__init__(**kw)

    def update_state(self, values, sample_weight=None):
        STATS["seen"] += 1
        VALUES.append(STATS["seen"])
        if THRESHOLD < 0.5:
            print("  strict threshold now", THRESHOLD)
        return super().update_state(values, sample_weight=sample_weight)

    def result(self):
        STATS["reads"] += 1
        return super().result()


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.02)
train_loss = LoggedMean(name="train_loss")
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) % 1000)
    with tf.GradientTape() as tape:
        loss = bce(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    train_loss(loss)
    return loss, train_loss.result()


for step in range(30):
    if step == 11:
        THRESHOLD = 0.3
    if step == 20:
        train_loss.reset_state()
    i = (step * 8) % 56
    loss, running = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), repr(float(running)), STATS["seen"],
          STATS["reads"], len(VALUES))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "metric": [v.numpy().tolist() for v in train_loss.variables],
    "stats": STATS, "crcs": crcs[-3:],
}))
