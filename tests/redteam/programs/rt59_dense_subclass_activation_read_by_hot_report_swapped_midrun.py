"""A subclassed keras.Model whose hidden layer is a program subclass of Dense
("GainDense": its own `call` scales Keras' Dense output by `self.gain`, and Keras'
Dense.call applies `self.activation` natively).  Two hot functions: `train_step` (tape,
Adam) and `report` (no tape, runs TF ops every step, so janus takes it over too), which
is the only program code that reads `HIDDEN.activation` (its name, for the log).  The
loop swaps the hidden activation mid-run -- tanh at step 11, softsign at step 21 -- and
sets `HIDDEN.gain = 0.5` at step 28.  Each step prints the training loss, the
activation name and the held-out loss from `report`.
Probes: the library watch's exemption for names the program's own code reads on an
instance of its Keras subclass, when that read happens in another function's graph
than the one in which Keras reads the same attribute natively."""
import random

import numpy

random.seed(5909)
numpy.random.seed(5909)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5909)
rng = np.random.default_rng(5909)
XS = rng.normal(size=(240, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2] * XS[:, 2:3] * 0.5).astype(np.float32)
XV = tf.constant(XS[200:])
YV = tf.constant(YS[200:])


class GainDense(keras.layers.Dense):
    def __init__(self, units, gain=1.0, **kwargs):
        super().__init__(units, **kwargs)
        self.gain = gain

    def call(self, inputs):
        return super().call(inputs) * self.gain


class Net(keras.Model):
    def __init__(self, hidden):
        super().__init__()
        self.hidden = hidden
        self.out = keras.layers.Dense(1)

    def call(self, x, training=False):
        return self.out(self.hidden(x))


HIDDEN = GainDense(16, activation="relu")
MODEL = Net(HIDDEN)
MODEL(tf.zeros((1, 6)))
OPT = keras.optimizers.Adam(learning_rate=4e-3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


ACTS = ((keras.activations.relu, "relu"), (keras.activations.tanh, "tanh"),
        (keras.activations.softsign, "softsign"))


def report(x, y):
    name = "?"
    for fn, label in ACTS:
        if HIDDEN.activation is fn:
            name = label
    return name, tf.reduce_mean(tf.square(MODEL(x, training=False) - y))


for step in range(34):
    if step == 11:
        HIDDEN.activation = keras.activations.tanh
    if step == 21:
        HIDDEN.activation = keras.activations.softsign
    if step == 28:
        HIDDEN.gain = 0.5
    i = (step * 20) % 180
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    name, ev = report(XV, YV)
    print(step, repr(float(loss)), name, repr(float(ev)))

print(json.dumps({
    "h": [repr(float(v)) for v in HIDDEN.kernel.numpy().ravel()[:8]],
    "o": [repr(float(v)) for v in MODEL.out.kernel.numpy().ravel()[:8]],
}))
