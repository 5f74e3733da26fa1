"""A Keras Dense model is trained by a tape step that updates its Keras variables with
v.assign_sub(...).  For steps 10-14 the caller runs the step inside Keras'
StatelessScope (keras.src.backend.common.stateless_scope, a thread-local global
attribute): there a KerasVariable's assign_sub is recorded in the scope instead of
written, and reads inside the scope see the recorded value.  So in eager those five
steps leave the model's weights unchanged (a dry run).  The loop prints how many updates
each scope collected.  Probes: a Keras thread-local scope entered by the caller around
a converted step."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json

import keras
import numpy as np
import tensorflow as tf
from keras.src.backend.common.stateless_scope import StatelessScope

keras.utils.set_random_seed(2610)
rng = np.random.default_rng(2610)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
KVARS = MODEL.trainable_variables
TVARS = [v.value for v in KVARS]


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, TVARS)
    for v, g in zip(KVARS, grads):
        v.assign_sub(0.05 * g)
    return loss


for step in range(30):
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if 10 <= step < 15:
        with StatelessScope() as scope:
            loss = train_step(x, y)
        print(step, "dry", repr(float(loss)), len(scope.state_mapping))
        del scope
    else:
        loss = train_step(x, y)
        print(step, repr(float(loss)))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
