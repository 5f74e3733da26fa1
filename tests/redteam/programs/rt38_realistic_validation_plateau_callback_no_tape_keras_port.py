"""Ordinary training loop with a validation-driven learning-rate callback ported from
Keras' ReduceLROnPlateau: after each training step the script calls
plateau.on_val(model, x_val, y_val), which evaluates the model (no GradientTape: janus takes
it over as hot code), and runs Keras' logic: `if current < self.best: self.best = current;
self.wait = 0 / elif not in cooldown: self.wait += 1; if self.wait >= self.patience: lower
the LR (optimizer.learning_rate.assign), self.cooldown_counter = self.cooldown,
self.wait = 0` (old_lr read at the top of on_val: reading it inside the arm was
refused, 'the arms of a branch on a tensor leave different variables bound').  The training step itself is a plain GradientTape step.  Probes: an
ordinary plateau callback (no tape) whose counters are written in nested branches."""
import random

import numpy

random.seed(416)
numpy.random.seed(416)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3836)
rng = np.random.default_rng(3836)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2] * XS[:, 2:3] + rng.normal(size=(96, 1)) * 0.2).astype(np.float32)
XV = rng.normal(size=(32, 4)).astype(np.float32)
YV = (np.sin(XV[:, :1]) + XV[:, 1:2] * XV[:, 2:3]).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(16, activation="tanh"), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.3, momentum=0.5)


class Plateau:
    def __init__(self, optimizer, factor=0.5, patience=2, cooldown=1, min_lr=1e-3):
        self.optimizer = optimizer
        self.factor = factor
        self.patience = patience
        self.cooldown = cooldown
        self.min_lr = min_lr
        self.best = float("inf")
        self.wait = 0
        self.cooldown_counter = 0
        self.reductions = 0

    def on_val(self, mdl, xv, yv):
        current = float(tf.reduce_mean(tf.square(mdl(xv) - yv)))
        old_lr = float(self.optimizer.learning_rate)
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if current < self.best:
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                if old_lr > self.min_lr:
                    self.optimizer.learning_rate.assign(max(old_lr * self.factor, self.min_lr))
                    self.reductions += 1
                self.cooldown_counter = self.cooldown
                self.wait = 0
        return current


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


PL = Plateau(opt)
for step in range(36):
    i = (step * 16) % 96
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    val = PL.on_val(model, tf.constant(XV), tf.constant(YV))
    print(step, repr(float(loss)), repr(val), PL.wait, PL.cooldown_counter, PL.reductions,
          repr(float(opt.learning_rate)))

print(json.dumps({"weights": [w.numpy().ravel()[:6].tolist() for w in model.weights],
                  "best": PL.best, "reductions": PL.reductions, "it": int(opt.iterations)}))
