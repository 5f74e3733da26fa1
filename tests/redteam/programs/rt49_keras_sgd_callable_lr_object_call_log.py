"""A Keras SGD optimizer whose `learning_rate` is a zero-argument program object
(`PlateauLR`) with a logging `__call__`: Keras calls it from `apply_gradients` (library
code) whenever it needs the rate, and again when the program reads
`optimizer.learning_rate`.  The step also reads the rate itself before the update, and
calls a `patience` check that may halve the object's `lr` field (a Python write made by
the step).  Between steps the loop changes the field, replaces `__call__` on the class,
and at one point swaps the object's class.  The per-step log shows how many times and
in what order the callable ran relative to the step's own reads.  Probes: a program
`__call__` invoked by Keras from inside a converted step, its count and ordering, and
writes to the object it reads."""
import random

import numpy

random.seed(4930)
numpy.random.seed(4930)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4930)
rng = np.random.default_rng(4930)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.4], [-0.7], [0.2], [1.0]], np.float32)).astype(np.float32)

LOG = []


class PlateauLR:
    def __init__(self, lr):
        self.lr = lr
        self.best = float("inf")
        self.wait = 0

    def __call__(self):
        LOG.append(("lr_call", self.lr))
        return self.lr

    def observe(self, v):
        if v < self.best - 1e-3:
            self.best = v
            self.wait = 0
        else:
            self.wait += 1
            if self.wait >= 2:
                self.lr = self.lr * 0.5
                self.wait = 0
                LOG.append(("halve", self.lr))


class FixedLR(PlateauLR):
    def __call__(self):
        LOG.append(("fixed_call",))
        return 0.01


SCHED = PlateauLR(0.1)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    before = SCHED()
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    SCHED.observe(float(loss))
    return loss, before


for step in range(30):
    if step == 8:
        SCHED.lr = 0.2
    if step == 13:
        def call_scaled(self):
            LOG.append(("lr_call_scaled", self.lr))
            return self.lr * 0.5
        PlateauLR.__call__ = call_scaled
    if step == 19:
        SCHED.__class__ = FixedLR
    if step == 24:
        SCHED.__class__ = PlateauLR
        SCHED.lr = 0.05
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, before = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(before), LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "lr": repr(SCHED.lr), "iters": int(OPT.iterations.numpy()), "log_len": len(LOG)}))
