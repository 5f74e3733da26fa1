"""A Sequential regressor whose step reads `CFG.temperature` and `CFG.margin` from a
program config object (class `RunConfig(BaseConfig)`; plain instance attributes at
first) to scale its logits and hinge its loss.  Mid-run attribute lookup itself
changes without any write to CFG's dict: at step 8 `BaseConfig.__getattribute__` is
set to a function that doubles `temperature` on read, at step 15 the loop writes
`CFG.margin` (a plain write), at step 21 `del BaseConfig.__getattribute__`, at step 27
`RunConfig.__getattribute__` is set to one that halves `margin`.
Probes: a `__getattribute__` added to (and removed from) a base class of an object
the step reads, after the step was converted; such reads are refused at build time,
but the class may gain the hook only later."""
import random

import numpy

random.seed(5708)
numpy.random.seed(5708)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5708)
rng = np.random.default_rng(5708)
XS = rng.normal(size=(180, 7)).astype(np.float32)
YS = (XS[:, :4].sum(axis=1, keepdims=True) * 0.3).astype(np.float32)


class BaseConfig:
    def describe(self):
        return "cfg"


class RunConfig(BaseConfig):
    def __init__(self):
        self.temperature = 1.0
        self.margin = 0.1


CFG = RunConfig()


def doubling_getattribute(self, name):
    value = object.__getattribute__(self, name)
    if name == "temperature":
        return value * 2.0
    return value


def halving_getattribute(self, name):
    value = object.__getattribute__(self, name)
    if name == "margin":
        return value * 0.5
    return value


MODEL = keras.Sequential([
    keras.Input((7,)),
    keras.layers.Dense(9, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.02, momentum=0.3)


def train_step(x, y):
    t = CFG.temperature
    m = CFG.margin
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True) / t
        err = tf.abs(pred - y)
        loss = tf.reduce_mean(tf.maximum(err - m, 0.0) ** 2)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, t, m


for step in range(33):
    if step == 8:
        BaseConfig.__getattribute__ = doubling_getattribute
    if step == 15:
        CFG.margin = 0.3
    if step == 21:
        del BaseConfig.__getattribute__
    if step == 27:
        RunConfig.__getattribute__ = halving_getattribute
    i = (step * 10) % 170
    loss, t, m = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(t), repr(m),
          repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:9]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
