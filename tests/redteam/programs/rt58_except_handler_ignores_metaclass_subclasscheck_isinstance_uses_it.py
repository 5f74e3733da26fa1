"""A functional Keras model whose step runs a numeric check that raises `Spike` (a
plain Exception subclass) while a global flag is set; the step has handlers
`except Soft:` then `except Spike:`.  Soft's metaclass claims every class in
`__subclasscheck__`/`__instancecheck__`, which CPython's exception matching ignores
(it walks the MRO), so `except Spike` catches; inside that handler the step also asks
`isinstance(e, Soft)`, which does call the metaclass.  Mid-run the metaclass's
`__instancecheck__` is replaced to answer False (step 9), Spike's bases are reassigned
to include Soft for real (step 17: now `except Soft` catches), and back (step 25).
Probes: exception matching versus isinstance on a class with a metaclass hook, and an
exception class's MRO changed mid-run."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5819)
rng = np.random.default_rng(5819)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, 2:3] - XS[:, 4:5] * XS[:, 5:6]).astype(np.float32)


class Claims(type):
    def __subclasscheck__(cls, other):
        return True

    def __instancecheck__(cls, obj):
        return True


class Soft(Exception, metaclass=Claims):
    pass


class Base(Exception):
    pass


class Spike(Base):
    pass


FLAGS = {"check": True}
LOG = []

inp = keras.Input((6,))
out = keras.layers.Dense(1)(keras.layers.Dense(8, activation="relu")(inp))
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.SGD(learning_rate=0.02)


def check():
    if FLAGS["check"]:
        raise Spike("spike")


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    scale = 1.0
    try:
        check()
    except Soft:
        scale = 0.25
        LOG.append("soft")
    except Spike as e:
        scale = 0.5 if isinstance(e, Soft) else 0.75
        LOG.append("spike")
    OPT.apply_gradients(zip([g * scale for g in grads], MODEL.trainable_variables))
    return loss, scale


def claims_nothing(cls, obj):
    return False


for step in range(32):
    if step == 9:
        Claims.__instancecheck__ = claims_nothing
    if step == 17:
        Spike.__bases__ = (Base, Soft)
    if step == 25:
        Spike.__bases__ = (Base,)
    i = (step * 8) % 88
    loss, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), scale, LOG[-1])

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "log": LOG.count("soft")}))
