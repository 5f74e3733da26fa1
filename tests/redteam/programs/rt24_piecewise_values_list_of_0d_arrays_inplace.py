"""Mechanism: a Keras PiecewiseConstantDecay whose `values` is a plain list of 0-d numpy
arrays (and whose boundaries are a list of Python ints).  Keras converts each item with
ops.convert_to_tensor at every call of the schedule, reading the arrays' CURRENT
contents.  The loop writes into the arrays in place (`VALUES[1][...] = 0.02` at step 9,
`VALUES[0][()] = 0.2` at step 17) and at step 24 into a boundary-adjacent array again; the
list and each array keep their identity.  A graph that guarded the list by the identity of
its items (a list of "plain values") without comparing the arrays' contents keeps the
learning rates it was built with.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(43)
np.random.seed(43)
keras.utils.set_random_seed(43)
rng = np.random.default_rng(43)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [2.0], [-1.0], [0.5]], np.float32)).astype(np.float32)

VALUES = [np.array(0.05, np.float32), np.array(0.1, np.float32), np.array(0.01, np.float32)]
SCHED = keras.optimizers.schedules.PiecewiseConstantDecay([4, 30], VALUES)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(32):
    if step == 9:
        VALUES[1][...] = 0.02
    if step == 17:
        VALUES[0][()] = 0.2
    if step == 24:
        VALUES[1][...] = 0.005
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(float(v)) for v in VALUES])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "iterations": int(OPT.iterations.numpy())}))
