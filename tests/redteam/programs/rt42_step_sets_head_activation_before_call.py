"""An activation search run inside one training loop: the step takes the name of the
activation to try and writes `self.head.activation = ACTS[name]` before calling the
model, whose Dense layer applies `self.activation` in Keras' own code.  The caller
switches from "tanh" to "relu" at step 12 and to "linear" at step 22.  Eagerly the
write is seen by the very call that makes it.  janus defers the write to the commit
and runs Dense.call natively while building."""
import random

import numpy

random.seed(23)
numpy.random.seed(23)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4223)
rng = np.random.default_rng(4223)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 1:2]).astype(np.float32)
ACTS = {"tanh": keras.activations.tanh, "relu": keras.activations.relu,
        "linear": keras.activations.linear}


class Searcher:
    def __init__(self):
        self.hidden = keras.layers.Dense(10, activation="tanh")
        self.head = keras.layers.Dense(1)
        self.opt = keras.optimizers.SGD(0.03, momentum=0.8)
        self.hidden(tf.zeros((1, 5)))
        self.head(tf.zeros((1, 10)))
        self.vars = self.hidden.trainable_variables + self.head.trainable_variables

    def step(self, x, y, name):
        self.hidden.activation = ACTS[name]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.head(self.hidden(x)) - y))
        grads = tape.gradient(loss, self.vars)
        self.opt.apply_gradients(zip(grads, self.vars))
        return loss


s = Searcher()
for step in range(30):
    name = "tanh" if step < 12 else ("relu" if step < 22 else "linear")
    i = (step * 8) % 88
    loss = s.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), name)
    print(step, name, repr(float(loss)), s.hidden.activation.__name__)

print(json.dumps({
    "k": [repr(float(v)) for v in s.hidden.kernel.numpy().ravel()[:6]],
    "h": [repr(float(v)) for v in s.head.kernel.numpy().ravel()],
}))
