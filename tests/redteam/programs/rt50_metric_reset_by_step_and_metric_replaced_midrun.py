"""A training step that owns a running-loss window: it calls `self.metric.update_state
(loss)`, reads `float(self.metric.result())`, and after every 5th update (counted in a
Python attribute it writes) calls `self.metric.reset_state()` itself and records the
window mean in a list.  At step 17 the loop replaces the metric object with a new
`keras.metrics.Mean(name="window2")`, and at step 29 with a `keras.metrics.Sum`.
Probes: a Keras metric's variables updated and reset inside a hot step on a Python
schedule, the metric object swapped between calls (a new class at the end), values
read back in the step, the records and the weights."""
import random

import numpy

random.seed(75)
numpy.random.seed(75)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7526)
rng = np.random.default_rng(7526)
XS = rng.normal(size=(160, 3)).astype(np.float32)
YS = (np.cos(XS[:, :1]) + XS[:, 2:3] * 0.3).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(learning_rate=0.02)
        self.metric = keras.metrics.Mean(name="window")
        self.updates = 0
        self.windows = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.metric.update_state(loss)
        self.updates += 1
        running = float(self.metric.result())
        if self.updates % 5 == 0:
            self.windows.append((self.metric.name, round(running, 6)))
            self.metric.reset_state()
        return loss, running


T = Trainer()
for step in range(40):
    if step == 17:
        T.metric = keras.metrics.Mean(name="window2")
    if step == 29:
        T.metric = keras.metrics.Sum(name="total")
    i = (step * 4) % 156
    loss, running = T.step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), repr(running), T.metric.name)

print(json.dumps({
    "windows": T.windows, "updates": T.updates,
    "metric_now": repr(float(T.metric.result())),
    "w": [repr(float(v)) for v in T.model.layers[1].kernel.numpy().ravel()],
}))
