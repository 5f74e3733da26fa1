"""A Sequential regressor whose step runs a chain of input augmentations taken from a
plugin table filled by `Aug.__init_subclass__` (each subclass registers itself under a
`key=` class keyword) and by a `@register` class decorator (into a second table).  The
step iterates `Aug.TABLE.items()`, applies the classes whose key is in the global
tuple `ACTIVE`, each with its class-level `strength`.  Mid-run new classes register
themselves by being defined in the loop: at step 7 a `jitter` plugin (its class
statement, through `__init_subclass__`), at step 13 `scale` is redefined (the table
entry now names a new class with another strength), at step 19 a class decorated with
`@register` adds a post-processing entry, at step 25 `Aug.TABLE["flip"].strength` (a
class attribute of the registered class) is written, at step 30 `ACTIVE` drops `flip`.
Probes: `__init_subclass__` and class decorators registering into tables the step reads,
class statements executed mid-run."""
import random

import numpy

random.seed(5716)
numpy.random.seed(5716)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5716)
rng = np.random.default_rng(5716)
XS = rng.normal(size=(176, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.5 - XS[:, 5:6]).astype(np.float32)

POST = {}


class Aug:
    TABLE = {}
    strength = 1.0

    def __init_subclass__(cls, key=None, **kw):
        super().__init_subclass__(**kw)
        Aug.TABLE[key or cls.__name__.lower()] = cls

    @classmethod
    def apply(cls, x):
        return x


def register(name):
    def deco(cls):
        POST[name] = cls
        return cls
    return deco


class Flip(Aug, key="flip"):
    strength = 1.0

    @classmethod
    def apply(cls, x):
        return x * (1.0 - 2.0 * cls.strength * 0.1)


class Scale(Aug, key="scale"):
    strength = 0.9

    @classmethod
    def apply(cls, x):
        return x * cls.strength


ACTIVE = ("flip", "scale", "jitter")
MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(10, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    used = []
    for key, cls in Aug.TABLE.items():
        if key in ACTIVE:
            x = cls.apply(x)
            used.append(key)
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        for name in POST:
            pred = POST[name].apply(pred)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, used


for step in range(34):
    if step == 7:
        class Jitter(Aug, key="jitter"):
            strength = 0.05

            @classmethod
            def apply(cls, x):
                return x + cls.strength * tf.sin(x * 7.0)
    if step == 13:
        class Scale(Aug, key="scale"):  # noqa: F811
            strength = 1.2

            @classmethod
            def apply(cls, x):
                return x * cls.strength + 0.05
    if step == 19:
        @register("shrink")
        class Shrink:
            @staticmethod
            def apply(p):
                return p * 0.8
    if step == 25:
        Aug.TABLE["flip"].strength = 3.0
    if step == 30:
        ACTIVE = ("scale", "jitter")
    i = (step * 8) % 168
    loss, used = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), used, sorted(POST),
          repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:10]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "table": {k: v.__name__ for k, v in Aug.TABLE.items()},
}))
