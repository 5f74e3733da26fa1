"""A subclassed keras.Model trained with a step that builds a `Tag(TAG_KEY)` object
each call; Tag's metaclass `__call__` interns instances in a class-level pool (a
flyweight), so every call hands back the same object, which the step appends to a
history list and whose `weight` scales the loss.  Mid-run the pool is cleared and the
weights table edited (step 9: a new Tag is made with the new weight), the metaclass'
`__call__` is replaced by one that does not intern (step 18: a new object per call),
and deleted (step 26: type.__call__, a new object per call again).  Each step prints
whether the last two stored tags are the same object.
Probes: objects the step makes through a program metaclass `__call__` (identity of
interned objects across calls), and the metaclass dict changed mid-run."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5809)
rng = np.random.default_rng(5809)
XS = rng.normal(size=(110, 4)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0) + XS[:, 1:2] * 0.3).astype(np.float32)

WEIGHTS = {"main": 1.0, "aux": 0.5}
TAG_KEY = "main"
HISTORY = []


class Interned(type):
    def __call__(cls, key):
        obj = cls.pool.get(key)
        if obj is None:
            obj = type.__call__(cls, key)
            cls.pool[key] = obj
        return obj


class Tag(metaclass=Interned):
    pool = {}

    def __init__(self, key):
        self.key = key
        self.weight = WEIGHTS[key]


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = keras.layers.Dense(12, activation="relu")
        self.b = keras.layers.Dense(1)

    def call(self, x):
        return self.b(self.a(x))


MODEL = Net()
OPT = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y):
    tag = Tag(TAG_KEY)
    HISTORY.append(tag)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y)) * tag.weight
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def fresh_call(cls, key):
    return type.__call__(cls, key)


for step in range(32):
    if step == 9:
        WEIGHTS["main"] = 0.75
        Tag.pool.clear()
    if step == 18:
        Interned.__call__ = fresh_call
    if step == 22:
        WEIGHTS["main"] = 1.25
    if step == 26:
        del Interned.__call__
    i = (step * 10) % 100
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    same = len(HISTORY) > 1 and HISTORY[-1] is HISTORY[-2]
    print(step, repr(float(loss)), same, HISTORY[-1].weight, len(Tag.pool))

print(json.dumps({"distinct": len({id(t) for t in HISTORY}), "n": len(HISTORY),
                  "w": [repr(float(v)) for v in MODEL.b.kernel.numpy().ravel()]}))
