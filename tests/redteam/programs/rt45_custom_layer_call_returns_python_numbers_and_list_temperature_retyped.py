"""A custom Keras layer whose `call` returns, beside its tensor, Python values built from
a plain attribute: `(y, self.temperature * 2, [self.temperature, "gate"])`.  Keras'
`__call__` hands Python outputs back unchanged in eager.  The step uses the doubled
temperature to scale the loss, returns it and stores the list in a history.  At step
11 the loop sets `GATE.temperature = 3` (an int where a float was), so the doubled
value becomes the int 6 and the list holds the int object itself.  Probes: Python
numbers and containers returned through a Keras layer call (library code processing
outputs) from a converted step: their types, values and identity."""
import random

import numpy

random.seed(4518)
numpy.random.seed(4518)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4518)
rng = np.random.default_rng(4518)
XS = rng.normal(size=(84, 4)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0.0) - XS[:, 3:4] * 0.3).astype(np.float32)


class Gate(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units
        self.temperature = 1.5

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform")

    def call(self, x):
        y = tf.nn.sigmoid(tf.matmul(x, self.kernel) / self.temperature)
        return y, self.temperature * 2, [self.temperature, "gate"]


GATE = Gate(6)
HEAD = keras.layers.Dense(1)
GATE(tf.zeros((1, 4)))
HEAD(tf.zeros((1, 6)))
VARS = GATE.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.1)
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h, t2, info = GATE(x)
        loss = tf.reduce_mean(tf.square(HEAD(h) - y)) * (t2 / 3)
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    HISTORY.append(info)
    return loss, t2, info


for step in range(24):
    if step == 11:
        GATE.temperature = 3
    i = (step * 7) % 77
    loss, t2, info = train_step(tf.constant(XS[i:i + 7]), tf.constant(YS[i:i + 7]))
    print(step, repr(float(loss)), repr(t2), type(t2).__name__, repr(info),
          info[0] is GATE.temperature, info is HISTORY[-1], len(HISTORY) < 2 or HISTORY[-2] is not info)

print(json.dumps({"k": [repr(float(v)) for v in GATE.kernel.numpy().ravel()[:6]],
                  "hist_types": [type(h[0]).__name__ for h in HISTORY]}))
