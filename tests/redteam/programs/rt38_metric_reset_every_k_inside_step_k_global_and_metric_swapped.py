"""A Trainer whose step updates a keras metric and, every RESET_EVERY of its own calls (a
Python counter on the trainer), calls metric.reset_state() inside the step before the
update, then prints metric.result().  Mid-run: step 10 changes the global RESET_EVERY 4 ->
3, step 17 swaps the trainer's metric for a fresh keras.metrics.MeanSquaredError made
outside the step, step 23 calls the old metric's reset_state() from outside (it is no
longer used: must not matter) and sets RESET_EVERY = 100.  Probes: a metric reset and
swapped, a Python counter deciding a library call inside the step."""
import random

import numpy

random.seed(388)
numpy.random.seed(388)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3808)
rng = np.random.default_rng(3808)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
RESET_EVERY = 4


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5, activation="relu"),
                                       keras.layers.Dense(1, activation="sigmoid")])
        self.opt = keras.optimizers.Adam(learning_rate=0.01)
        self.loss_fn = keras.losses.BinaryCrossentropy()
        self.metric = keras.metrics.MeanAbsoluteError()
        self.k = 0
        self.n_resets = 0
        self.last_reset = -1

    def step(self, x, y):
        with tf.GradientTape() as tape:
            p = self.model(x, training=True)
            loss = self.loss_fn(y, p)
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        if self.k % RESET_EVERY == 0:
            self.metric.reset_state()
            self.n_resets += 1
            self.last_reset = self.k
        self.metric.update_state(y, p)
        self.k += 1
        return loss, self.metric.result()


TR = Trainer()
OLD = TR.metric
for step in range(30):
    if step == 10:
        RESET_EVERY = 3
    elif step == 17:
        TR.metric = keras.metrics.MeanSquaredError()
    elif step == 23:
        OLD.reset_state()
        RESET_EVERY = 100
    i = (step * 8) % 64
    loss, res = TR.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(res)), TR.k, type(TR.metric).__name__)

print(json.dumps({
    "weights": [w.numpy().ravel().tolist() for w in TR.model.weights],
    "metric_vars": [v.numpy().tolist() for v in TR.metric.variables],
    "old_vars": [v.numpy().tolist() for v in OLD.variables],
    "n_resets": TR.n_resets, "last_reset": TR.last_reset, "k": TR.k, "iterations": int(TR.opt.iterations),
}))
