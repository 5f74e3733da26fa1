"""Per-task loss weights live in a dict keyed by `TaskKey` objects whose `__hash__` and
`__eq__` are the program's (they compare the lowercased task name).  The caller builds
a new key object each step (`TaskKey("Aux")`) and the step looks it up in the table
(`WEIGHTS[key]`), so lookup goes through the user hash and eq.  At step 12 the loop
re-weights in place (`WEIGHTS[TaskKey("AUX")] = 0.1`, an equal key) and at step 20 the
key class's normalisation changes (`TaskKey.fold = str.upper`; the stored keys still
compare equal)."""
import random

import numpy

random.seed(45)
numpy.random.seed(45)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4245)
rng = np.random.default_rng(4245)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YA = (XS[:, :1] * 2.0).astype(np.float32)
YB = (XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3)


class TaskKey:
    fold = str.lower

    def __init__(self, name):
        self.name = name

    def __hash__(self):
        return len(self.name) * 31 + ord(self.name.lower()[0])

    def __eq__(self, other):
        return TaskKey.fold(self.name) == TaskKey.fold(other.name)


WEIGHTS = {TaskKey("main"): 1.0, TaskKey("aux"): 0.5}


def train_step(x, ya, yb, key):
    w_aux = WEIGHTS[key]
    with tf.GradientTape() as tape:
        out = x @ W
        loss = tf.reduce_mean(tf.square(out[:, :1] - ya)) + w_aux * tf.reduce_mean(
            tf.square(out[:, 1:] - yb))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss, w_aux


for step in range(30):
    if step == 12:
        WEIGHTS[TaskKey("AUX")] = 0.1
    if step == 20:
        TaskKey.fold = str.upper
    i = (step * 8) % 88
    loss, w = train_step(tf.constant(XS[i:i + 8]), tf.constant(YA[i:i + 8]),
                         tf.constant(YB[i:i + 8]), TaskKey("Aux"))
    print(step, repr(float(loss)), repr(w))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "weights": sorted(v for v in WEIGHTS.values())}))
