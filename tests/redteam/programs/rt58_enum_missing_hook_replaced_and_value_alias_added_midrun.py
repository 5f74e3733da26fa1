"""A Sequential model whose step maps a legacy phase code to an Enum member with
`Phase(CODE)`; the code is not a member value, so Enum's `_missing_` hook (a classmethod
of the program's) decides the member, whose value keys a dict of loss scales.  Mid-run
`_missing_` is replaced on the class (step 8: -> COOL), the member MAIN gets the code
as a value alias with Enum's `_add_value_alias_` (step 16: the lookup no longer calls
`_missing_`), and the scale dict is edited (step 24).
Probes: stdlib Enum lookup (library code) calling back into a class-level hook changed
mid-run, and the Enum class's value map changed in place."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import enum
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5808)
rng = np.random.default_rng(5808)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 3:4] ** 2).astype(np.float32)


class Phase(enum.Enum):
    WARM = "warm"
    MAIN = "main"
    COOL = "cool"

    @classmethod
    def _missing_(cls, value):
        return cls.WARM


CODE = "legacy-2"
SCALES = {"warm": 0.25, "main": 1.0, "cool": 0.5}
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    phase = Phase(CODE)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y)) * SCALES[phase.value]
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, phase


def to_cool(cls, value):
    return cls.COOL


for step in range(30):
    if step == 8:
        Phase._missing_ = classmethod(to_cool)
    if step == 16:
        Phase.MAIN._add_value_alias_(CODE)
    if step == 24:
        SCALES["main"] = 2.0
    i = (step * 8) % 88
    loss, phase = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), phase.name, phase is Phase.MAIN)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
