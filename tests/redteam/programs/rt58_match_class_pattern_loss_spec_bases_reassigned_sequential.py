"""A Sequential regressor whose step chooses its loss with a `match` statement on a
spec object: `case Robust(delta=d)` gives a pseudo-Huber loss, `case Quadratic()` MSE,
`case _` mean absolute error.  Mid-run the spec's class gets other bases by `__bases__`
assignment (step 6: Quadratic -> Robust, step 14: -> Neither, step 22: -> Quadratic,
step 29: -> Robust) and its `delta` attribute is changed at step 18.
Probes: `match` class patterns (isinstance of plain classes) decided at build time when
only the MRO of the subject's class changes."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5803)
rng = np.random.default_rng(5803)
XS = rng.uniform(-2, 2, size=(100, 3)).astype(np.float32)
YS = (np.cos(XS[:, :1]) * XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)


class Quadratic:
    pass


class Robust:
    pass


class Neither:
    pass


class Spec(Quadratic):
    def __init__(self):
        self.delta = 0.5


SPEC = Spec()
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(12, activation="elu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.RMSprop(learning_rate=0.005)


def loss_of(err):
    match SPEC:
        case Robust(delta=d):
            return tf.reduce_mean(d * d * (tf.sqrt(1.0 + tf.square(err / d)) - 1.0)), "robust"
        case Quadratic():
            return tf.reduce_mean(tf.square(err)), "quadratic"
        case _:
            return tf.reduce_mean(tf.abs(err)), "absolute"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss, name = loss_of(MODEL(x) - y)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, name


for step in range(34):
    if step == 6:
        Spec.__bases__ = (Robust,)
    if step == 14:
        Spec.__bases__ = (Neither,)
    if step == 18:
        SPEC.delta = 1.5
    if step == 22:
        Spec.__bases__ = (Quadratic,)
    if step == 29:
        Spec.__bases__ = (Robust,)
    i = (step * 9) % 90
    loss, name = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), name)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:9]]}))
