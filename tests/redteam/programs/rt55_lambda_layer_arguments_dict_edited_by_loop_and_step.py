"""A Keras `Lambda` layer made with `arguments={"temp": 2.0}`; Keras keeps its own copy
of the dict (a TrackedDict, `LAM.arguments`, bound to the global `ARGS`) and passes it
as keywords to the function at each call, while the program's original dict `ORIG`
is no longer read by anyone.  The step calls the model, then, after the model call,
writes the Keras-held dict itself: it decays `ARGS["temp"]` by 0.9 on every
call until it reaches the floor `FLOOR`.  Between calls the loop sets a new key
(`shift`, step 8), raises the temperature (step 14), changes FLOOR (step 19), pops
the shift (step 25) and edits the unused original dict (step 28: no effect).
Probes: a dict the program owns and a Keras Lambda layer holds, read natively by Keras
inside the model call; written by the step after that call (the next call must see the
committed value) and by the loop between calls."""
import random

import numpy

random.seed(5533)
numpy.random.seed(5533)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5533)
rng = np.random.default_rng(5533)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = rng.integers(0, 4, size=(128,)).astype(np.int64)


def tempered(x, temp=1.0, shift=0.0):
    return x / temp + shift


ORIG = {"temp": 2.0}
FLOOR = 0.8
LAM = keras.layers.Lambda(tempered, arguments=ORIG)
ARGS = LAM.arguments
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4), LAM])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    if ARGS["temp"] > FLOOR:
        ARGS["temp"] = round(ARGS["temp"] * 0.9, 6)
    return loss


for step in range(32):
    if step == 8:
        ARGS["shift"] = 0.3
    if step == 14:
        ARGS["temp"] = 3.0
    if step == 19:
        FLOOR = 2.5
    if step == 25:
        ARGS.pop("shift")
    if step == 28:
        ORIG["temp"] = 100.0
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), dict(ARGS), LAM.arguments is ARGS, ORIG)

print(json.dumps({"args": dict(ARGS), "w": [repr(float(t)) for t in MODEL.layers[0].kernel.numpy().ravel()]}))
