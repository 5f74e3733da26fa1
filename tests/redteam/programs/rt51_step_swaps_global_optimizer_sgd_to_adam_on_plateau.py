"""Optimizer switch decided inside the step: the step keeps an EMA of the loss, the best EMA
and a patience counter in globals; after PATIENCE calls without a 1% improvement it rebinds the global
OPT from the SGD optimizer to a prepared Adam (`global OPT; OPT = ADAM`), prints the
switch, and the same call still applies its gradients with the optimizer it started
with.  Adam's slots are made at its first apply_gradients, in the next call.  Probes: a
global rebound by the step to another library object on a data-dependent condition,
and an optimizer used for the first time mid-run: which optimizer each call used, the
iteration counts of both, weights."""
import random

import numpy

random.seed(5133)
numpy.random.seed(5133)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5133)
rng = np.random.default_rng(5133)

XS = rng.normal(size=(90, 4)).astype(np.float32)
YS = (np.tanh(XS @ np.array([1.0, -2.0, 0.5, 1.0], np.float32)) + 0.3 * rng.normal(size=90)).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
SGD = keras.optimizers.SGD(learning_rate=0.05)
ADAM = keras.optimizers.Adam(learning_rate=0.01)
OPT = SGD
BEST = float("inf")
EMA = None
WAIT = 0
PATIENCE = 5
SWITCHES = []


def train_step(step, x, y):
    global OPT, BEST, WAIT, EMA
    opt = OPT
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.squeeze(MODEL(x), 1) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    value = float(loss)
    EMA = value if EMA is None else 0.8 * EMA + 0.2 * value
    if EMA < BEST * 0.99:
        BEST = EMA
        WAIT = 0
    else:
        WAIT += 1
        if WAIT >= PATIENCE and OPT is SGD:
            OPT = ADAM
            SWITCHES.append(step)
            print(f"switching to adam at step {step}")
    opt.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, opt.name


for step in range(44):
    i = (step * 9) % 81
    loss, name = train_step(step, tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]))
    print(step, name, repr(float(loss)), repr(BEST), WAIT)

print(json.dumps({
    "switches": SWITCHES,
    "sgd_iters": int(SGD.iterations.numpy()),
    "adam_iters": int(ADAM.iterations.numpy()),
    "opt_is_adam": OPT is ADAM,
    "kernel": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
