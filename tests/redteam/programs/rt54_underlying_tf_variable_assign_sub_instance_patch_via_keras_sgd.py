"""Fine-tuning a Keras MLP with keras SGD.  Mid-run the program damps the updates of one
layer by patching the `assign_sub` method on the instance of the tf.Variable underneath
that layer's Keras kernel (dense.kernel.value.assign_sub = damped, a function that calls
the original bound method with half the delta and counts its calls in a global); later it
changes the damping factor the patch reads from a global dict, and finally deletes the
instance attribute so the class's method is used again.  Keras' TF optimizer calls
variable.assign_sub on that tf.Variable while the step's apply_gradients runs.
Probes: an instance attribute shadowing a tf.Variable method on a variable reached only
by library code (the optimizer), set, changed and deleted between calls; the program's
function that library code calls there, with its global reads and counter."""
import random

import numpy

random.seed(5420)
numpy.random.seed(5420)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5420)
rng = np.random.default_rng(5420)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1))) * 2.0).astype(np.float32)

inp = keras.Input((5,))
hid = keras.layers.Dense(8, activation="relu")
out = keras.layers.Dense(1)
MODEL = keras.Model(inp, out(hid(inp)))
OPT = keras.optimizers.SGD(learning_rate=0.05)
DAMP = {"factor": 0.5}
CALLS = [0]
TARGET = hid.kernel.value
ORIG = TARGET.assign_sub


def damped(delta, use_locking=None, name=None, read_value=True):
    CALLS[0] += 1
    return ORIG(delta * DAMP["factor"], use_locking, name, read_value)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(40):
    if step == 8:
        TARGET.assign_sub = damped
    if step == 18:
        DAMP["factor"] = 0.1
    if step == 26:
        del TARGET.assign_sub
    if step == 33:
        TARGET.assign_sub = damped
        DAMP["factor"] = 0.0
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), CALLS[0], repr(float(hid.kernel.numpy()[0, 0])),
              "assign_sub" in vars(TARGET))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"hid": [repr(float(a)) for a in hid.kernel.numpy().ravel()[:8]],
                  "out": [repr(float(a)) for a in out.kernel.numpy().ravel()], "calls": CALLS}))
