"""A trainer whose feature mask is a functools.cached_property computed from its current
`self.stage` (the first `stage + 2` features on) and cached in the instance dict; the
step reads `self.mask` every call and multiplies the inputs by it.  The loop advances
the stage and invalidates the cache with `del trainer.mask` at steps 10 and 20, and at
step 28 advances the stage without invalidating (the stale cached mask must stay).
Probes: a cached_property (a non-data descriptor that writes the instance dict on first
read) read inside the step, first computed inside a step call and deleted between
steps: masks used, losses, how many times it was computed."""
import random

import numpy

random.seed(5131)
numpy.random.seed(5131)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5131)
rng = np.random.default_rng(5131)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ np.array([1.0, -1.0, 0.5, 0.25, 2.0], np.float32)).astype(np.float32)
COMPUTED = []


class Trainer:
    def __init__(self):
        self.stage = 0
        self.w = tf.Variable(tf.zeros((5,)), name="w")
        self.opt = keras.optimizers.SGD(learning_rate=0.1)

    @functools.cached_property
    def mask(self):
        COMPUTED.append(self.stage)
        return tf.constant([1.0 if k < self.stage + 2 else 0.0 for k in range(5)])

    def train_step(self, x, y):
        m = self.mask
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x * m, self.w) - y))
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        return loss, m


tr = Trainer()
for step in range(36):
    if step in (10, 20):
        tr.stage += 1
        del tr.mask
    if step == 28:
        tr.stage += 1
    i = (step * 4) % 60
    loss, m = tr.train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, tr.stage, m.numpy().tolist(), "mask" in vars(tr), repr(float(loss)))

print(json.dumps({"computed": COMPUTED, "w": [repr(float(v)) for v in tr.w.numpy()],
                  "mask": tr.mask.numpy().tolist()}))
