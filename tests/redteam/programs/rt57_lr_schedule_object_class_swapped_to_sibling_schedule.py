"""A Sequential classifier trained with SGD whose learning rate is a program
`LearningRateSchedule` object `SCHED` (class `Warmup`: linear warm-up to `self.base`).
Keras calls the schedule while the step's `apply_gradients` runs.  Mid-run the
schedule object's class is reassigned, with no write to its dict or the optimizer's:
at step 9 `SCHED.__class__ = StepDecay` (a sibling schedule class reading the same
`base` field), at step 16 `StepDecay.drop` (a class attribute) changes, at step 22 the
loop writes `SCHED.base`, at step 28 `SCHED.__class__ = Warmup` again.  The step also
prints the learning rate the optimizer reports after its update.
Probes: `__class__` assignment on a program object held by a Keras optimizer and called
back by library code while the graph is built."""
import random

import numpy

random.seed(5714)
numpy.random.seed(5714)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5714)
rng = np.random.default_rng(5714)
XS = rng.normal(size=(200, 6)).astype(np.float32)
YS = (XS[:, 0] - XS[:, 2] > 0.2).astype(np.int32)


class Warmup(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, base):
        self.base = base

    def __call__(self, step):
        s = tf.cast(step, tf.float32)
        return self.base * tf.minimum(1.0, (s + 1.0) / 12.0)

    def get_config(self):
        return {"base": self.base}


class StepDecay(keras.optimizers.schedules.LearningRateSchedule):
    drop = 0.5

    def __call__(self, step):
        s = tf.cast(step, tf.float32)
        return self.base * tf.pow(type(self).drop, tf.floor(s / 5.0))

    def get_config(self):
        return {"base": self.base}


SCHED = Warmup(0.3)
MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(2),
])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, OPT.learning_rate


for step in range(34):
    if step == 9:
        SCHED.__class__ = StepDecay
    if step == 16:
        StepDecay.drop = 0.9
    if step == 22:
        SCHED.base = 0.05
    if step == 28:
        SCHED.__class__ = Warmup
    i = (step * 10) % 190
    loss, lr = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(float(lr)), type(SCHED).__name__,
          repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
}))
