"""A step that updates first and complains afterwards: it appends the step's Python
float loss to a history list, applies the gradients, and then, when the loss exceeds
the trainer's `spike_limit`, raises the program's own `LossSpike` exception, whose
`__init__` stores the loss and the optimizer's iteration count as attributes and builds
its message.  The loop catches it, prints `e.loss`, `e.at` and `str(e)`, and halves
`OPT.clipnorm` (from None it sets 1.0, never below 0.125).  Eagerly the update and the append
happened before the raise.  Probes: an exception class with its own `__init__` raised
from a hot step after updates and Python writes, its attributes and text, the
optimizer's clipnorm changed between calls, the weights and the history."""
import random

import numpy

random.seed(74)
numpy.random.seed(74)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7425)
rng = np.random.default_rng(7425)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 1:2]).astype(np.float32)
YS[rng.choice(200, size=25, replace=False)] *= 6.0


class LossSpike(Exception):
    def __init__(self, loss, at):
        super().__init__(f"spike {loss:.4f} at iteration {at}")
        self.loss = loss
        self.at = at


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
HIST = []
SPIKE_LIMIT = 6.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    value = float(loss)
    HIST.append(value)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    if value > SPIKE_LIMIT:
        raise LossSpike(value, int(OPT.iterations))
    return loss


spikes = []
for step in range(40):
    i = (step * 5) % 195
    try:
        loss = train_step(tf.constant(XS[i:i + 5]), tf.constant(YS[i:i + 5]))
    except LossSpike as e:
        OPT.clipnorm = 1.0 if OPT.clipnorm is None else max(OPT.clipnorm / 2, 0.125)
        spikes.append([repr(e.loss), e.at, str(e)])
        print(step, "spike", repr(e.loss), e.at, str(e), "clipnorm", OPT.clipnorm)
        continue
    print(step, repr(float(loss)), len(HIST))

print(json.dumps({
    "spikes": spikes, "hist_len": len(HIST), "clipnorm": OPT.clipnorm,
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
