"""A hand-written trainer over plain tf.Variables: `TRAINER.apply(grads)` calls
`self.update(v, g)` and reads `self.lr`, both found on a mixin of the trainer's class
(plain method lookup, no super()).  Mid-run the trainer class's `__bases__` is
reassigned: to a clipping rule with its own `lr` (step 8), to (Decoupled, PlainSGD)
where Decoupled defines only `update` and the lr still comes from PlainSGD (step 15),
back to PlainSGD (step 22), and PlainSGD's lr is changed on the class (step 27).
Probes: method and class-attribute lookups that go through the MRO of a program class
whose `__bases__` is reassigned (no dict written)."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5820)
rng = np.random.default_rng(5820)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(3, 6)).astype(np.float32) * 0.4, name="w1")
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="w2")
VARS = [W1, W2]


class PlainSGD:
    lr = 0.05

    def update(self, v, g):
        v.assign_sub(self.lr * g)


class ClipRule:
    lr = 0.2

    def update(self, v, g):
        v.assign_sub(self.lr * tf.clip_by_value(g, -0.05, 0.05))


class Decoupled:
    def update(self, v, g):
        v.assign(v * (1.0 - 0.01) - self.lr * g)


class Trainer(PlainSGD):
    def apply(self, grads):
        for v, g in zip(VARS, grads):
            self.update(v, g)
        return self.lr


TRAINER = Trainer()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, VARS)
    lr = TRAINER.apply(grads)
    return loss, lr


for step in range(32):
    if step == 8:
        Trainer.__bases__ = (ClipRule,)
    if step == 15:
        Trainer.__bases__ = (Decoupled, PlainSGD)
    if step == 22:
        Trainer.__bases__ = (PlainSGD,)
    if step == 27:
        PlainSGD.lr = 0.02
    i = (step * 8) % 120
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), lr)

print(json.dumps({"w2": [repr(float(v)) for v in W2.numpy().ravel()]}))
