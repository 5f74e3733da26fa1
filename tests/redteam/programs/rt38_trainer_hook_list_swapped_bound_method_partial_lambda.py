"""A Trainer keeps a list of hooks `self.hooks` that its step calls after the update with
(k, float(loss)); each hook returns a multiplier that the step folds into a Python float
self.boost (read by the next step's loss).  Hooks are module-level functions that write a
global dict LOG, a bound method of a Recorder object (which appends to its own list), a
functools.partial with a keyword, and a lambda.  Mid-run: step 7 replaces hooks[0] with
the Recorder's bound method, step 13 appends a partial(scale_hook, factor=0.5), step 19
rebinds the Recorder's `factor` attribute, step 24 replaces the whole list with
[lambda k, l: 1.0 + 0.001 * k].  Probes: callables stored on an object and called by the
step, replaced by other kinds of callables mid-run."""
import random

import numpy

random.seed(413)
numpy.random.seed(413)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3833)
rng = np.random.default_rng(3833)
XS = rng.normal(size=(40, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 3:]).astype(np.float32)
LOG = {"calls": 0, "last": None}


def count_hook(k, lv):
    LOG["calls"] += 1
    LOG["last"] = k
    return 1.0


def scale_hook(k, lv, factor=1.0):
    return 1.0 + factor * 0.01


class Recorder:
    def __init__(self):
        self.seen = []
        self.factor = 0.02

    def hook(self, k, lv):
        self.seen.append(k)
        return 1.0 - self.factor


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.hooks = [count_hook]
        self.boost = 1.0
        self.k = 0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y)) * self.boost
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        lv = float(loss)
        b = 1.0
        for h in self.hooks:
            b = b * h(self.k, lv)
        self.boost = b
        self.k += 1
        return loss


TR = Trainer()
REC = Recorder()
for step in range(30):
    if step == 7:
        TR.hooks[0] = REC.hook
    elif step == 13:
        TR.hooks.append(functools.partial(scale_hook, factor=0.5))
    elif step == 19:
        REC.factor = 0.05
    elif step == 24:
        TR.hooks = [lambda k, l: 1.0 + 0.001 * k]
    i = (step * 8) % 40
    loss = TR.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(TR.boost), LOG, REC.seen[-3:], len(REC.seen))

print(json.dumps({"weights": [w.numpy().ravel().tolist() for w in TR.model.weights],
                  "log": LOG, "seen": REC.seen, "boost": TR.boost, "k": TR.k}))
