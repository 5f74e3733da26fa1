"""Mechanism: a Keras PiecewiseConstantDecay holds the program's own list VALUES (Keras
keeps the list object it was given) and reads it natively, with convert_to_tensor per
item, every time the optimizer asks for its learning rate.  The training step itself
writes that list before applying the gradients: `VALUES[1] = VALUES[1] * 0.8` (a decay
of the current phase's rate, made by the step).  The loop restores VALUES[1] at step 15.
Eager's apply_gradients reads the rate just written; a build that gave library code the
caller's list (whose write is deferred to the commit) applies the previous step's rate,
and the contents guard on the library-held list then sees a change at every call.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(149)
np.random.seed(149)
keras.utils.set_random_seed(149)
rng = np.random.default_rng(149)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-1.0], [0.5], [2.0]], np.float32)).astype(np.float32)

VALUES = [0.1, 0.05, 0.01]
SCHED = keras.optimizers.schedules.PiecewiseConstantDecay([2, 1000], VALUES)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    VALUES[1] = VALUES[1] * 0.8
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(30):
    if step == 15:
        VALUES[1] = 0.05
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(VALUES[1]), SCHED.values is VALUES)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "values": [repr(v) for v in VALUES]}))
