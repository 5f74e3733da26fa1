"""A control flag kept in a threading.Event, as a trainer whose augmentation a
monitoring thread (or signal handler) may switch off: the step asks
`AUG_OFF.is_set()` and, while it is clear, adds fixed-seed jitter to the batch and
counts augmented steps in a global.  At step 11 the loop calls `AUG_OFF.set()` (as
the monitor would), at step 19 `AUG_OFF.clear()`.  Probes: state held inside a
standard-library object (the Event's private flag) that the step reads only through
the object's method, changed mid-run by that object's other methods."""
import random

import numpy

random.seed(4520)
numpy.random.seed(4520)

import json
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4520)
rng = np.random.default_rng(4520)
XS = rng.normal(size=(84, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * XS[:, 2:3] * 0.3).astype(np.float32)
NOISE = rng.normal(size=(7, 4)).astype(np.float32) * 0.3

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
AUG_OFF = threading.Event()
AUGMENTED = 0


def train_step(x, y):
    global AUGMENTED
    if not AUG_OFF.is_set():
        x = x + NOISE
        AUGMENTED += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(26):
    if step == 11:
        AUG_OFF.set()
    if step == 19:
        AUG_OFF.clear()
    i = (step * 7) % 77
    loss = train_step(tf.constant(XS[i:i + 7]), tf.constant(YS[i:i + 7]))
    print(step, repr(float(loss)), AUGMENTED, AUG_OFF.is_set())

print(json.dumps({"augmented": AUGMENTED,
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
