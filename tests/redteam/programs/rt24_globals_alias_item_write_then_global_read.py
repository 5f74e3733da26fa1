"""Mechanism: the reverse of a global write read through a dict: the step WRITES module
globals through an ordinary dict item write, `NSD["lr_scale"] = ...` and `NSD["steps"] +=
1`, where the module-level `NSD = globals()` is the module's own __dict__, and then, in
the same call, a helper reads the plain globals `lr_scale` and `steps` (LOAD_GLOBAL) to
scale the gradients.  At step 18 the loop sets `lr_scale` back with a plain assignment.
Eager's global reads see the item writes just made; a build that deferred the item write
as a write to "some dict" and read the globals from before the call uses the previous
step's scale.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(31)
np.random.seed(31)
keras.utils.set_random_seed(31)
rng = np.random.default_rng(31)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)

NSD = globals()
lr_scale = 1.0
steps = 0


def scaled(grads):
    return [g * lr_scale for g in grads], steps


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    NSD["lr_scale"] = NSD["lr_scale"] * 0.9
    NSD["steps"] += 1
    grads, n = scaled(grads)
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, n, lr_scale


for step in range(30):
    if step == 18:
        lr_scale = 1.0
    i = (step * 8) % 56
    loss, n, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, repr(s))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "lr_scale": repr(lr_scale), "steps": steps}))
