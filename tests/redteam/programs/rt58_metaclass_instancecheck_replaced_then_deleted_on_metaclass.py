"""A Keras functional model with two program "modulator" objects applied in the step
when `isinstance(m, Scalable)` holds; Scalable's metaclass answers isinstance by duck
typing (`__instancecheck__`: the object has a `scale`).  Mid-run the metaclass's
`__instancecheck__` is replaced on the metaclass (step 8: objects whose `enabled` is
true), an instance's `enabled` flips (step 14), and the method is deleted from the
metaclass (step 21: plain type check, neither modulator is a Scalable); at step 27 one
modulator's class is made a real subclass via `__bases__`.
Probes: a program metaclass's `__instancecheck__` (class-level code of the metaclass)
replaced or deleted while the class and the instances keep their identity."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5810)
rng = np.random.default_rng(5810)
XS = rng.normal(size=(100, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.5 - XS[:, 5:6]).astype(np.float32)


class Duck(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "scale")


class Scalable(metaclass=Duck):
    pass


class ModBase:
    pass


class Mod(ModBase):
    def __init__(self, scale, enabled):
        self.scale = scale
        self.enabled = enabled


MODS = [Mod(0.8, True), Mod(1.5, False)]

inp = keras.Input((6,))
h = keras.layers.Dense(10, activation="tanh")(inp)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        used = 0
        for m in MODS:
            if isinstance(m, Scalable):
                pred = pred * m.scale
                used += 1
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, used


def by_enabled(cls, obj):
    return bool(getattr(obj, "enabled", False))


for step in range(32):
    if step == 8:
        Duck.__instancecheck__ = by_enabled
    if step == 14:
        MODS[1].enabled = True
    if step == 21:
        del Duck.__instancecheck__
    if step == 27:
        Mod.__bases__ = (ModBase, Scalable)
    i = (step * 10) % 90
    loss, used = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), used)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
