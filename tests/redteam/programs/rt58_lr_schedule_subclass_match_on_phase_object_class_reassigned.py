"""An Adam optimizer driven by a program `LearningRateSchedule` subclass that Keras
calls back at every update; its `__call__` uses `match self.phase:` with class
patterns (Warmup(steps=n) -> linear warmup, Plateau() -> constant, Decay(rate=r) ->
exponential).  Mid-run the phase object's `__class__` is reassigned (step 8: Warmup ->
Plateau, step 16: -> Decay, whose `rate` the object already holds), the object's `rate`
changes (step 22), and Decay's `__match_args__`-free keyword pattern keeps reading it;
at step 27 it is reassigned to Warmup again.
Probes: library code (the optimizer) calling back a schedule whose `match` class
patterns read a program object whose class changes by `__class__` assignment."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5825)
rng = np.random.default_rng(5825)
XS = rng.normal(size=(120, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 3:4] - XS[:, 2:3]).astype(np.float32)


class PhaseBase:
    def __init__(self):
        self.steps = 20
        self.rate = 0.9


class Warmup(PhaseBase):
    pass


class Plateau(PhaseBase):
    pass


class Decay(PhaseBase):
    pass


class PhasedSchedule(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, base):
        self.base = base
        self.phase = Warmup()

    def __call__(self, step):
        step = tf.cast(step, tf.float32)
        match self.phase:
            case Warmup(steps=n):
                return self.base * tf.minimum(1.0, (step + 1.0) / n)
            case Plateau():
                return tf.constant(self.base)
            case Decay(rate=r):
                return self.base * tf.pow(r, step / 10.0)
        return tf.constant(0.0)

    def get_config(self):
        return {"base": self.base}


SCHED = PhasedSchedule(0.02)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        SCHED.phase.__class__ = Plateau
    if step == 16:
        SCHED.phase.__class__ = Decay
    if step == 22:
        SCHED.phase.rate = 0.5
    if step == 27:
        SCHED.phase.__class__ = Warmup
    i = (step * 10) % 110
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), type(SCHED.phase).__name__,
          repr(float(SCHED(OPT.iterations))))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
