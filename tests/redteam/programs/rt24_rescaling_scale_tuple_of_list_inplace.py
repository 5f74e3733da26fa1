"""Mechanism: a Keras Rescaling layer given its scale as a TUPLE holding the program's
list of per-feature gains, `Rescaling(scale=(GAINS,), offset=OFFS)` with OFFS a dict
value reached through a tuple too (`CFG = {"offs": ([0.0, 0.0, 0.0],)}` ->
offset=CFG["offs"]).  Keras keeps the objects and casts them natively at every call
(a (1, 3) scale).  The loop edits the inner lists in place: `GAINS[1] = 0.1` at step 8,
`GAINS[:] = [2.0, 1.0, 0.5]` at step 16, and the offset list inside the tuple at step
24; no library object's dict is written and the tuples keep their identity.  A walk
that watched lists a library object holds but not lists reached only through a tuple
keeps the first gains.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(157)
np.random.seed(157)
keras.utils.set_random_seed(157)
rng = np.random.default_rng(157)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + np.tanh(XS[:, 1:2])).astype(np.float32)

GAINS = [1.0, 1.0, 1.0]
CFG = {"offs": ([0.0, 0.0, 0.0],)}
MODEL = keras.Sequential([keras.Input((3,)),
                          keras.layers.Rescaling(scale=(GAINS,), offset=CFG["offs"]),
                          keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        GAINS[1] = 0.1
    if step == 16:
        GAINS[:] = [2.0, 1.0, 0.5]
    if step == 24:
        CFG["offs"][0][2] = 0.75
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), GAINS, CFG["offs"][0])

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables]}))
