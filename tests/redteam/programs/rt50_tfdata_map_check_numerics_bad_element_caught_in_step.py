"""A small regression model trained from a tf.data iterator that the training step
pulls from itself (`next(ITER)` inside the step).  The dataset's map function runs
`tf.debugging.check_numerics` on each feature row, and rows 11, 23 and 40 hold an inf,
so pulling those elements raises InvalidArgumentError from inside the step; the step
catches it, counts it in a Python dict and returns None without updating.  Each element
carries its own id, which the step records in a Python list.  Probes: a tf.data
get_next that fails on some elements inside a hot step (the failed pull consumes the
element; a re-run of the call must not pull a second element), the ids pulled, the
Python counters and the weights."""
import random

import numpy

random.seed(50)
numpy.random.seed(50)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5001)
rng = np.random.default_rng(5001)
N = 48
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32)).astype(np.float32)
for bad in (11, 23, 40):
    XS[bad, 2] = np.inf
IDS = np.arange(N, dtype=np.int64)


def checked(i, x, y):
    x = tf.debugging.check_numerics(x, "bad feature row")
    return i, x, y


DS = tf.data.Dataset.from_tensor_slices((IDS, XS, YS)).map(checked)
ITER = iter(DS)

W = tf.Variable(tf.zeros((4, 1)), name="w")
B = tf.Variable(tf.zeros((1,)), name="b")
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEEN = []
STATS = {"ok": 0, "bad": 0}


def train_step():
    try:
        i, x, y = next(ITER)
    except tf.errors.InvalidArgumentError:
        STATS["bad"] += 1
        return None
    SEEN.append(int(i))
    with tf.GradientTape() as tape:
        pred = tf.matmul(x[None, :], W) + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    STATS["ok"] += 1
    return loss


step = 0
while True:
    try:
        loss = train_step()
    except StopIteration:
        print("exhausted at step", step)
        break
    if loss is None:
        print(step, "skipped", STATS["bad"])
    else:
        print(step, repr(float(loss)), SEEN[-1])
    step += 1

print(json.dumps({
    "seen": SEEN,
    "stats": STATS,
    "iterations": int(OPT.iterations.numpy()),
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "b": repr(float(B.numpy()[0])),
}))
