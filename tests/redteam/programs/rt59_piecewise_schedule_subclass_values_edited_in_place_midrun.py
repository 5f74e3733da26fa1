"""A functional model trained with SGD(momentum) on a program subclass of Keras'
PiecewiseConstantDecay ("StagedRates", which adds a `describe()` the loop prints).
Keras' own `__call__` converts every item of `self.values` and `self.boundaries` at
each optimizer step, natively.  The loop edits those plain lists in place mid-run,
never rebinding the attributes: `values[0] = 0.03` at step 6, `values[1] *= 0.5` at
step 13, `values[:] = [...]` (slice assignment) at step 21 and `boundaries[1] = 40` at
step 28 (the step count falls back into the middle stage).  Each step prints the loss
and the description.
Probes: plain lists held by an instance of the program's own subclass of a Keras class
("the plain lists and dicts it holds are the program's data and are not watched"),
which only library code reads inside the step."""
import random

import numpy

random.seed(5907)
numpy.random.seed(5907)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5907)
rng = np.random.default_rng(5907)
XS = rng.normal(size=(220, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 1:2] * 0.5 + 0.2 * XS[:, 4:5] ** 2).astype(np.float32)


class StagedRates(keras.optimizers.schedules.PiecewiseConstantDecay):
    def describe(self):
        return ("|".join(str(b) for b in self.boundaries) + " "
                + "/".join(f"{v:.4g}" for v in self.values))


SCHED = StagedRates([10, 20], [0.05, 0.02, 0.01])
inp = keras.Input((5,))
h = keras.layers.Dense(12, activation="swish")(inp)
h = keras.layers.Dense(6, activation="swish")(h)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.SGD(learning_rate=SCHED, momentum=0.7)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 6:
        SCHED.values[0] = 0.03
    if step == 13:
        SCHED.values[1] *= 0.5
    if step == 21:
        SCHED.values[:] = [0.04, 0.03, 0.002]
    if step == 28:
        SCHED.boundaries[1] = 40
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), SCHED.describe())

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
}))
