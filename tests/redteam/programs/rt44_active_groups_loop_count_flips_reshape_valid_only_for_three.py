"""A grouped-feature step: the number of active feature groups is read from the data
(`n = int(tf.reduce_sum(active))`), and `for g in range(n):` collects each group's
two-column slice, scaled by its gate, into a list.  After the loop the step concatenates
the slices and reshapes them to [-1, 6] for the 6-wide projection, which is only valid
when exactly three groups are active: with another count the reshape raises
InvalidArgumentError (or the matmul a shape error), and the step catches it and trains
on the raw first six columns instead, counting the fallback in an attribute.  The
loop's trip count is 3 in every profiled call; from step 13 on some batches have 2 or
4 active groups.  Probes: a loop on a tensor count speculated from a fixed profiled trip
count, the code after it valid only for that count, the error caught in the step."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4413)
rng = np.random.default_rng(4413)
XS = rng.normal(size=(128, 8)).astype(np.float32)
YS = (np.sin(XS[:, :3].sum(axis=1, keepdims=True))).astype(np.float32)
P = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.03)


class Log:
    def __init__(self):
        self.fallbacks = 0
        self.groups = []


LG = Log()


def train_step(x, y, active):
    n = int(tf.reduce_sum(active))
    LG.groups.append(n)
    with tf.GradientTape() as tape:
        parts = []
        for g in range(n):
            parts.append(x[:, 2 * g:2 * g + 2] * (1.0 + 0.1 * float(g)))
        try:
            feat = tf.reshape(tf.concat(parts, axis=1), [-1, 6])
            pred = feat @ P
        except (tf.errors.InvalidArgumentError, ValueError):
            LG.fallbacks += 1
            pred = x[:, :6] @ P
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [P])
    OPT.apply_gradients(zip(grads, [P]))
    return loss, n


for step in range(32):
    i = (step * 8) % 120
    cnt = 3 if step < 13 or step % 4 == 0 else (2 if step % 4 == 1 else 4 if step % 4 == 2 else 3)
    active = tf.constant([1] * cnt + [0] * (4 - cnt), tf.int32)
    try:
        loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), active)
        print(step, repr(float(loss)), n, LG.fallbacks, len(LG.groups))
    except Exception as e:  # noqa: BLE001
        print(step, "escaped", type(e).__name__, LG.fallbacks, len(LG.groups))

print(json.dumps({"P": [repr(float(v)) for v in P.numpy().ravel()], "groups": LG.groups}))
