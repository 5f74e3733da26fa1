"""Mechanism: a Keras Lambda layer built with `arguments=ARGS`, the program's own dict
(Keras keeps that dict object and unpacks it natively, fn(x, **self.arguments), at every
call).  The training step itself writes the dict before running the model:
`ARGS["gain"] = ARGS["gain"] * 0.9` and `ARGS["shift"] = ...` (a Python float the
step computes from its call counter in another dict).  The loop resets ARGS["gain"] at
step 15.  Eager's Lambda receives the values just written; a build that let Keras unpack
the caller's dict (whose writes are deferred to the commit) passes the previous values.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(163)
np.random.seed(163)
keras.utils.set_random_seed(163)
rng = np.random.default_rng(163)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1]) * 2.0 + 0.3).astype(np.float32)

ARGS = {"gain": 1.0, "shift": 0.0}
COUNTER = {"n": 0}


def scale_shift(x, gain, shift):
    return x * gain + shift


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Lambda(scale_shift, arguments=ARGS),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    COUNTER["n"] += 1
    ARGS["gain"] = ARGS["gain"] * 0.9
    ARGS["shift"] = 0.01 * (COUNTER["n"] % 4)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 15:
        ARGS["gain"] = 1.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(ARGS["gain"]), repr(ARGS["shift"]))

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables],
                  "args": [[k, repr(v)] for k, v in ARGS.items()]}))
