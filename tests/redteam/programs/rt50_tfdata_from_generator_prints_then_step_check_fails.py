"""A from_generator pipeline whose Python generator prints "  make <k>" and appends k to
a Python list for every record it makes.  The training step prints "  step <i> pulls",
pulls one record (`next(ITER)`), then runs `tf.debugging.assert_greater(y, -1.5)` on its
label; a few labels are below -1.5, so the check fails after the pull: the loop
catches InvalidArgumentError and prints.  Each record must be made (and printed) exactly
once, between the step's "pulls" line and its result.  Probes: the program's Python run
by tf.data during a hot step's pull, its output order against the step's prints, and a
failed call after the pull (a re-run must not make the generator run again), the made
list, the weights."""
import random

import numpy

random.seed(68)
numpy.random.seed(68)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6819)
rng = np.random.default_rng(6819)
N = 60
XS = rng.normal(size=(N, 2)).astype(np.float32)
YS = (XS[:, :1] * 1.1 + XS[:, 1:2] * 0.3).astype(np.float32)
MADE = []


def gen():
    for k in range(N):
        MADE.append(k)
        print("  make", k)
        yield XS[k], YS[k]


DS = tf.data.Dataset.from_generator(gen, output_signature=(
    tf.TensorSpec((2,), tf.float32), tf.TensorSpec((1,), tf.float32)))
OPTS = tf.data.Options()
OPTS.autotune.enabled = False
OPTS.experimental_optimization.inject_prefetch = False
ITER = iter(DS.with_options(OPTS))

W = tf.Variable([[0.0], [0.0]])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(i):
    print("  step", i, "pulls")
    x, y = next(ITER)
    tf.debugging.assert_greater(y, -1.5, message="label too low")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x[None, :] @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


fails = 0
for i in range(44):
    try:
        loss = train_step(i)
    except tf.errors.InvalidArgumentError:
        fails += 1
        print(i, "label check failed", fails)
        continue
    print(i, repr(float(loss)))

print(json.dumps({
    "made": MADE, "fails": fails,
    "w": [repr(float(v)) for v in W.numpy().ravel()],
}))
