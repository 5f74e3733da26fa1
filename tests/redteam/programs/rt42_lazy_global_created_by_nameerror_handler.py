"""A step lazily creates its running statistics global the first time it needs them:
`try: RUNNING` / `except NameError: RUNNING = {...}` with `global RUNNING`.  After the
first call the name exists.  At step 12 the loop deletes the global (`del RUNNING`,
as a reset), so the next call takes the NameError path again, and at step 20 it
rebinds it to a dict with a different initial count.  janus must route a NameError
of an absent global through the step's handler and notice the name come and go."""
import random

import numpy

random.seed(65)
numpy.random.seed(65)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4265)
rng = np.random.default_rng(4265)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.01)


def train_step(x, y):
    global RUNNING
    try:
        RUNNING
    except NameError:
        RUNNING = {"n": 0, "created": True}
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    RUNNING["n"] += 1
    return loss


for step in range(30):
    if step == 12:
        del RUNNING
    if step == 20:
        RUNNING = {"n": 100, "created": False}
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), RUNNING["n"], RUNNING["created"])

print(json.dumps({"k": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
                  "running": RUNNING}))
