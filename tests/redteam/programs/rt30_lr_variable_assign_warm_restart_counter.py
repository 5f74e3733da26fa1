"""SGDR-style warm restarts driven by a Python counter on a trainer object: the step
computes a cosine learning rate from self.t (math.cos) and assigns it to the
optimizer's learning-rate variable (OPT.learning_rate.assign(lr)) before applying
gradients; self.t wraps to 0 every PERIOD calls.  The program forces a restart at step
13 (trainer.t = 0) and doubles PERIOD at step 20.  Probes: Python math on a carried
counter assigned into an optimizer variable inside a converted step."""
import math
import random

import numpy

random.seed(74)
numpy.random.seed(74)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7401)
rng = np.random.default_rng(7401)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)


class Trainer:
    def __init__(self, period):
        self.t = 0
        self.period = period
        self.restarts = 0

    def step(self, x, y):
        lr = 0.001 + 0.5 * (0.1 - 0.001) * (1 + math.cos(math.pi * self.t / self.period))
        OPT.learning_rate.assign(lr)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        OPT.apply_gradients(zip(grads, model.trainable_variables))
        self.t += 1
        if self.t >= self.period:
            self.t = 0
            self.restarts += 1
        return loss, lr


T = Trainer(6)
for step in range(30):
    if step == 13:
        T.t = 0
    if step == 20:
        T.period = 12
    i = (step * 8) % 56
    loss, lr = T.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(lr), repr(float(OPT.learning_rate)), T.t, T.restarts)

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "t": T.t, "restarts": T.restarts, "lr": repr(float(OPT.learning_rate)),
}))
