"""A regression MLP whose training step sums a regularizer over
`Penalty.__subclasses__()`, the direct subclasses of a plugin base class, each adding
its own classmethod `term(kernel)`.  Mid-run the set of subclasses changes without any
write to a dict the step reads: at step 8 a new direct subclass `L1Heavy` is defined
(a class statement in the loop), at step 15 a plugin defined inside a helper function
is created and kept only by a local list that is dropped at step 22 (then
`gc.collect()` removes it from the base's subclass list), and at step 28 `L2Small`'s
`__bases__` is reassigned to a detached base, which removes it from
`Penalty.__subclasses__()` (and gives it another `term`).
Probes: a C method of a class (`type.__subclasses__`) whose answer depends on
interpreter state no dict watcher or guard on a dict entry sees (tp_subclasses),
read inside a converted step; `__bases__` assignment in a hierarchy."""
import random

import numpy

random.seed(5701)
numpy.random.seed(5701)

import gc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5701)
rng = np.random.default_rng(5701)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 0.5).astype(np.float32)


class Penalty:
    coef = 0.0

    @classmethod
    def term(cls, w):
        return cls.coef * tf.reduce_sum(tf.square(w))


class L2Small(Penalty):
    coef = 0.01


class Detached:
    coef = 0.002

    @classmethod
    def term(cls, w):
        return cls.coef * tf.reduce_sum(tf.abs(w))


MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
        reg = tf.constant(0.0)
        names = []
        for cls in Penalty.__subclasses__():
            reg = reg + cls.term(MODEL.layers[0].kernel)
            names.append(cls.__name__)
        total = loss + reg
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, reg, names


def make_temporary_plugin():
    class Temporary(Penalty):
        coef = 0.03

        @classmethod
        def term(cls, w):
            return cls.coef * tf.reduce_sum(tf.square(w - 0.1))
    return Temporary


HOLD = []
for step in range(32):
    if step == 8:
        class L1Heavy(Penalty):
            coef = 0.02

            @classmethod
            def term(cls, w):
                return cls.coef * tf.reduce_sum(tf.abs(w))
    if step == 15:
        HOLD.append(make_temporary_plugin())
    if step == 22:
        HOLD.clear()
        gc.collect()
    if step == 28:
        L2Small.__bases__ = (Detached,)
    i = (step * 8) % 152
    loss, reg, names = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(reg)), names)

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "subclasses": [c.__name__ for c in Penalty.__subclasses__()],
}))
