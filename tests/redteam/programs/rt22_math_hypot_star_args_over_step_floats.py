"""Probes math functions that take many Python floats the graph computes: the step
collects per-layer squared gradient norms as Python floats (`float(tf.reduce_sum(g*g))`)
and combines them with sum() (CPython's compensated sum), `math.hypot(*norms)`
(Python's own scaled, correctly-rounded algorithm), a hypot of the
differences to the previous call's norms (carried in self.prev), and a product of the
per-layer clip factors.  The global norm decides a Python clip factor that multiplies
the gradients.  The loop changes the clip threshold at steps 12 and 23.  A graph that
computed these with TF's float64 reductions (sum in another order, sqrt of a sum of
squares) would differ in the last bits, which the printed repr() shows and which the
clipping then feeds into the weights."""
import json
import math
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2226)
np.random.seed(2226)
keras.utils.set_random_seed(2226)
rng = np.random.default_rng(2226)

XS = rng.normal(size=(96, 6)).astype(np.float32) * 3.0
YS = (XS[:, :1] * 2.5 - XS[:, 2:3] ** 2 * 0.3).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.002)
CLIP = 5.0


class Trainer:
    def __init__(self):
        self.prev = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        grads = tape.gradient(loss, MODEL.trainable_variables)
        sq = [float(tf.reduce_sum(g * g)) for g in grads]
        norms = [math.sqrt(s) for s in sq]
        total = sum(sq)
        gnorm = math.hypot(*norms)
        drift = math.hypot(*[a - b for a, b in zip(norms, self.prev)])
        factors = [min(1.0, CLIP / (n + 1e-12)) for n in norms]
        shrink = 1.0
        for f in factors:
            shrink *= f
        clip = min(1.0, CLIP / (gnorm + 1e-12))
        OPT.apply_gradients(zip([g * clip for g in grads], MODEL.trainable_variables))
        self.prev = tuple(norms)
        return loss, total, gnorm, drift, shrink


tr = Trainer()
for step in range(36):
    if step == 12:
        CLIP = 2.0
    if step == 23:
        CLIP = 20.0
    i = (step * 12) % 84
    loss, total, gnorm, drift, shrink = tr.train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), repr(total), repr(gnorm), repr(drift), repr(shrink))

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "prev": [repr(v) for v in tr.prev],
}))
