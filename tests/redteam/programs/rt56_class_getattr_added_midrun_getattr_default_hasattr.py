"""The step reads optional knobs off a trainer object with `getattr(T, "bonus", 0.0)` and
`hasattr(T, "warm")` (absent at first).  Mid-run the program changes how attribute
lookup on the class behaves, not any attribute: at step 8 it sets
`Trainer.__getattr__` (a fallback that answers "bonus"), at step 14 replaces it with one
that also answers "warm", at step 20 sets an instance attribute `T.bonus` (found before
`__getattr__` is asked), at step 26 deletes both `Trainer.__getattr__` and `T.bonus`,
and at step 30 sets a class attribute `Trainer.bonus`.  Probes: the absence of an
attribute guarded for getattr-with-default/hasattr when a class gains or loses a
`__getattr__` fallback between calls."""
import random

import numpy

random.seed(5616)
numpy.random.seed(5616)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5616)
rng = np.random.default_rng(5616)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 1:2] * 0.5).astype(np.float32)


class Trainer:
    def __init__(self):
        self.base_lr = 0.05


T = Trainer()
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])


def train_step(x, y):
    bonus = getattr(T, "bonus", 0.0)
    warm = hasattr(T, "warm")
    lr = T.base_lr * (1.0 + bonus) * (0.5 if warm else 1.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(lr * g)
    return loss, bonus, warm, lr


def fallback_bonus(self, name):
    if name == "bonus":
        return 0.25
    raise AttributeError(name)


def fallback_both(self, name):
    if name == "bonus":
        return 0.75
    if name == "warm":
        return True
    raise AttributeError(name)


for step in range(34):
    if step == 8:
        Trainer.__getattr__ = fallback_bonus
    if step == 14:
        Trainer.__getattr__ = fallback_both
    if step == 20:
        T.bonus = 1.0
    if step == 26:
        del Trainer.__getattr__
        del T.bonus
    if step == 30:
        Trainer.bonus = 0.1
    i = (step * 8) % 120
    loss, bonus, warm, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), bonus, warm, repr(lr))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "out": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
