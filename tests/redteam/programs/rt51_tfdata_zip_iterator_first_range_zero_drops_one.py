"""A warm-up schedule that sometimes trains on nothing: the step pairs examples with a
Python schedule through `for e, i in zip(IT, range(K))` (the iterator first).  zip pulls
from the iterator before asking range, so each call pulls K + 1 elements and drops the
last, and a call with K = 0 pulls one element, drops it and trains on nothing.  K
follows a per-step schedule with zeros in it (2, 2, 0, 1, 3, 0, 0, 2, ...).  Probes:
zip() with a tf.data iterator as its first argument and a range that ends first,
including a zero-length range: ids used and dropped per call."""
import random

import numpy

random.seed(5125)
numpy.random.seed(5125)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5125)
rng = np.random.default_rng(5125)

N = 120
XS = rng.normal(size=(N, 2)).astype(np.float32)
YS = (XS @ np.array([2.0, -1.0], np.float32)).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS)).repeat()
IT = iter(DS)

W = tf.Variable(tf.zeros((2,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)
SCHEDULE = [2, 2, 2, 2, 0, 1, 3, 0, 0, 2, 2, 1, 0, 3, 3, 2, 0, 1, 1, 2, 2, 0, 2, 3, 0, 0, 0, 1, 2, 2, 2, 1, 0, 2, 3, 1]
K = 2


def train_step():
    used = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for (ids, x, y), i in zip(IT, range(K)):
            used.append(int(ids))
            loss = loss + tf.square(tf.reduce_sum(x * W) - y)
    if used:
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
    return loss, used


history = []
for step, k in enumerate(SCHEDULE):
    K = k
    loss, used = train_step()
    history.append(used)
    print(step, K, used, repr(float(loss)))

print(json.dumps({"history": history, "next": int(next(IT)[0]),
                  "w": [repr(float(v)) for v in W.numpy()],
                  "iterations": int(OPT.iterations.numpy())}))
