"""A learning-rate box whose `__float__`, `__int__` and `__round__` log each call, passed
to the step as a keyword argument (`lr=box`) and on to a helper as a keyword argument.
The helper converts it with `float(lr)` for the update, `int(lr_box)` gives the number of
inner refinement iterations, `math.cos(box)` (C code that calls `__float__`) gives a
cosine factor, and `round(box, 2)` is printed.  Between steps the loop changes the box's
value, monkeypatches `__float__` on the class, and swaps the instance's class to one
whose `__int__` returns a different count.
Probes: numeric conversion dunders called by float()/int()/round()/math in a converted
step, with keyword-argument plumbing, against eager's call log."""
import random

import numpy

random.seed(4905)
numpy.random.seed(4905)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4905)
rng = np.random.default_rng(4905)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.tanh(XS @ np.array([[1.0], [0.5], [-0.5], [0.2]], np.float32))).astype(np.float32)

LOG = []


class LRBox:
    def __init__(self, value, reps):
        self.value = value
        self.reps = reps

    def __float__(self):
        LOG.append(("float", self.value))
        return self.value

    def __int__(self):
        LOG.append(("int", self.reps))
        return self.reps

    def __round__(self, nd=None):
        LOG.append(("round", nd))
        return round(self.value, nd)


class LRBoxTwice(LRBox):
    def __int__(self):
        LOG.append(("int2", self.reps))
        return self.reps + 1


BOX = LRBox(0.1, 1)
W = tf.Variable(tf.random.normal((4, 1), seed=5) * 0.1)
B = tf.Variable(0.0)


def apply_update(var, grad, lr=None, factor=1.0):
    var.assign_sub(float(lr) * factor * grad)


def train_step(x, y, *, lr):
    reps = int(lr)
    cos_f = math.cos(lr)
    loss = None
    for _ in range(reps):
        with tf.GradientTape() as tape:
            pred = x @ W + B
            loss = tf.reduce_mean(tf.square(pred - y))
        gw, gb = tape.gradient(loss, [W, B])
        apply_update(W, gw, lr=lr, factor=cos_f)
        apply_update(B, gb, lr=lr)
    return loss, round(lr, 2)


for step in range(28):
    if step == 7:
        BOX.value = 0.05
    if step == 11:
        BOX.reps = 2
    if step == 15:
        def float_scaled(self):
            LOG.append(("float_scaled", self.value))
            return self.value * 2.0
        LRBox.__float__ = float_scaled
    if step == 20:
        BOX.__class__ = LRBoxTwice
    if step == 24:
        BOX.__class__ = LRBox
        BOX.value = 0.125
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, r = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), lr=BOX)
    print(step, repr(float(loss)), repr(r), LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy())),
                  "log_len": len(LOG)}))
