"""A Trainer class whose `__getattr__` delegates unknown attribute names to its config
object (logging each delegated name), with the training step as a method:
`self.lr`, `self.clip` and `self.warmup` are not trainer attributes and go through
`__getattr__` to `self.config`, while `self.model`, `self.opt` and `self.best` are real
attributes.  The step writes `self.best` (a Python float) and `self.seen` (an int)
and calls a helper method that reads `self.lr` again.  Between steps the loop changes
config fields, sets `lr` directly on the trainer (shadowing the delegation from then
on), replaces the config object, deletes the shadow, and finally deletes a config
field so the delegated read raises AttributeError, which `getattr(self, "warmup", 0)`
swallows.  Probes: `__getattr__` delegation (which names, how many calls, in order)
and writes beside it, in a converted method step."""
import random

import numpy

random.seed(4936)
numpy.random.seed(4936)

import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4936)
rng = np.random.default_rng(4936)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] - XS[:, 4:] * 0.3).astype(np.float32)

LOG = []


class Trainer:
    def __init__(self, model, config):
        self.model = model
        self.config = config
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.best = float("inf")
        self.seen = 0

    def __getattr__(self, name):
        LOG.append(("delegate", name))
        if name == "config":
            raise AttributeError(name)
        return getattr(self.config, name)

    def effective_lr(self, step):
        w = getattr(self, "warmup", 0)
        return self.lr * min(1.0, (step + 1) / (w + 1))

    def train_step(self, x, y, step):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        grads = [tf.clip_by_norm(g, self.clip) for g in grads]
        scale = self.effective_lr(step) / 0.05
        self.opt.apply_gradients(zip([g * scale for g in grads], self.model.trainable_variables))
        lv = float(loss)
        if lv < self.best:
            self.best = lv
        self.seen += 1
        return loss, scale


MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
TR = Trainer(MODEL, types.SimpleNamespace(lr=0.05, clip=1.0, warmup=4))

for step in range(30):
    if step == 7:
        TR.config.lr = 0.03
    if step == 11:
        TR.lr = 0.08
    if step == 15:
        TR.config = types.SimpleNamespace(lr=0.01, clip=0.5, warmup=0)
    if step == 19:
        del TR.lr
    if step == 24:
        del TR.config.warmup
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, scale = TR.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(scale), repr(TR.best), TR.seen, LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "best": repr(TR.best), "seen": TR.seen, "log_len": len(LOG)}))
