"""A subclassed keras.Model regressor trained with SGD whose learning rate is
`functools.partial(JITTER.uniform, lo, hi)` over a *private* `random.Random` instance
(stochastic learning-rate jitter).  Keras calls the partial natively at every
`apply_gradients`: `Random.uniform` is standard-library Python that calls the C
`random()` of that instance, advancing its state once per step.  Mid-run the loop
narrows the band by giving the optimizer a new partial (`OPT.learning_rate = ...`, the
callable branch of the setter) at step 12, reseeds the private generator at step 21,
and at step 28 draws one number from it itself.  Each step prints the loss and the
generator's position (the index word of its Mersenne-Twister state) and one word of it.
Probes: Python RNG state that library code advances while janus builds and that a graph
that folds the draw into a constant never advances (the contract watches only the
module-level `random` and `numpy.random` states)."""
import random

import numpy

random.seed(5903)
numpy.random.seed(5903)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5903)
rng = np.random.default_rng(5903)
XS = rng.uniform(-2.0, 2.0, size=(200, 3)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 1:2] + 0.5 * np.cos(XS[:, 2:3])).astype(np.float32)


class Regressor(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(12, activation="elu")
        self.out = keras.layers.Dense(1)

    def call(self, x, training=False):
        return self.out(self.hidden(x))


MODEL = Regressor()
MODEL(tf.zeros((1, 3)))
JITTER = random.Random(77)
OPT = keras.optimizers.SGD(learning_rate=functools.partial(JITTER.uniform, 0.02, 0.06))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.abs(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 12:
        OPT.learning_rate = functools.partial(JITTER.uniform, 0.005, 0.015)
    if step == 21:
        JITTER.seed(2024)
    if step == 28:
        JITTER.random()
    i = (step * 20) % 180
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    state = JITTER.getstate()[1]
    print(step, repr(float(loss)), state[-1], state[state[-1] % 624])

print(json.dumps({
    "h": [repr(float(v)) for v in MODEL.hidden.kernel.numpy().ravel()[:8]],
    "o": [repr(float(v)) for v in MODEL.out.kernel.numpy().ravel()],
    "jitter_next": repr(JITTER.random()),
}))
