"""Ordinary training with a hand-written ReduceLROnPlateau inside the Trainer's step: the
step compares float(loss) with self.best (min_delta 1e-3), counts self.wait, and after
PATIENCE bad steps halves the learning rate with opt.learning_rate.assign(...) and counts
the reduction.  The outer loop snapshots model.get_weights() whenever the step reported
an improvement, changes the patience from 3 to 2 at step 15, and at the end restores the
best weights with set_weights and evaluates once.  Probes: an ordinary plateau scheduler
whose decisions come from Python floats the step computes."""
import random

import numpy

random.seed(404)
numpy.random.seed(404)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3824)
rng = np.random.default_rng(3824)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2) + 0.3 * XS[:, 1:2] + rng.normal(size=(64, 1)) * 0.3).astype(np.float32)


class Trainer:
    def __init__(self, patience):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(12, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.2, momentum=0.9)
        self.patience = patience
        self.best = float("inf")
        self.wait = 0
        self.reductions = 0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x, training=True) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        cur = float(loss)
        improved = cur < self.best - 1e-3
        if improved:
            self.best = cur
            self.wait = 0
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.opt.learning_rate.assign(self.opt.learning_rate * 0.5)
                self.wait = 0
                self.reductions += 1
        return loss, improved


TR = Trainer(patience=3)
best_w = TR.model.get_weights()
for step in range(32):
    if step == 15:
        TR.patience = 2
    i = (step * 16) % 64
    loss, improved = TR.step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    if improved:
        best_w = TR.model.get_weights()
    print(step, repr(float(loss)), improved, TR.wait, TR.reductions, repr(TR.best),
          repr(float(TR.opt.learning_rate)))

TR.model.set_weights(best_w)
final = float(tf.reduce_mean(tf.square(TR.model(tf.constant(XS)) - YS)))
print(json.dumps({"final": repr(final), "best": repr(TR.best), "reductions": TR.reductions,
                  "weights": [w.ravel()[:5].tolist() for w in TR.model.get_weights()],
                  "iterations": int(TR.opt.iterations)}))
