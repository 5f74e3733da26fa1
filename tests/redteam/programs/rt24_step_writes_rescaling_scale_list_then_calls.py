"""Mechanism: a Keras Rescaling layer holds the program's own list of per-feature
scales (`Rescaling(scale=SCALE)`; Keras keeps the list object and casts it natively at
every call).  The training step itself writes that list before the forward pass,
`SCALE[j] = SCALE[j] * 0.9` for the feature j named by a phase the step also advances in
a dict (three phases, so three graphs serve all calls).  The loop resets SCALE at step
18.  Eager's Rescaling reads the list as the step just wrote it; a build that let Keras
read the caller's list (the write deferred to the commit) scales the inputs by the
previous call's factors.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(211)
np.random.seed(211)
keras.utils.set_random_seed(211)
rng = np.random.default_rng(211)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + np.tanh(XS[:, 1:2]) - XS[:, 2:3] * 0.3).astype(np.float32)

SCALE = [1.0, 1.0, 1.0]
PHASE = {"j": 0}
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Rescaling(scale=SCALE),
                          keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    j = PHASE["j"]
    SCALE[j] = SCALE[j] * 0.9
    PHASE["j"] = (j + 1) % 3
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 18:
        SCALE[:] = [1.0, 1.0, 1.0]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(v) for v in SCALE])

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables],
                  "scale": [repr(v) for v in SCALE]}))
