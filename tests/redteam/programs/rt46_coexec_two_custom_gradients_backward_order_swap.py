"""A co-executed step (a crc32 of the batch picks a Python target permutation, so the
step stays in the interpreter) routes features through two `tf.custom_gradient` ops,
NORM (scales its upstream gradient to unit RMS and records the scale in a global) and
GATE (multiplies its upstream gradient by the scale NORM recorded last, read from that
global).  Their Python backwards run in the order eager's tape walk meets them, after
the recorded gradient ops before them have run.  What changes mid-run: at step 12 the
forward order of the two ops swaps (GATE(NORM(h)) becomes NORM(GATE(h))), so the walk
meets them in the other order and GATE reads the previous step's scale instead of
this step's.  Probes: the ordering of Python backward functions and their global state
inside a deferred walk, relative to each other and to compiled chunks."""
import random

import numpy

random.seed(4635)
numpy.random.seed(4635)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4635)
rng = np.random.default_rng(4635)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = rng.normal(size=(80, 3)).astype(np.float32)
TRUNK = keras.layers.Dense(6, activation="tanh")
MID = keras.layers.Dense(6, activation="tanh")
HEAD = keras.layers.Dense(3)
TRUNK(XS[:1])
MID(np.zeros((1, 6), np.float32))
HEAD(np.zeros((1, 6), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SHARED = {"scale": 1.0}
ORDER = []
STATE = {"swapped": False}


@tf.custom_gradient
def norm_op(h):
    def grad(dy):
        rms = float(tf.sqrt(tf.reduce_mean(tf.square(dy)))) + 1e-8
        SHARED["scale"] = rms
        ORDER.append("N")
        return dy / rms
    return tf.identity(h), grad


@tf.custom_gradient
def gate_op(h):
    def grad(dy):
        ORDER.append("G")
        return dy * min(max(SHARED["scale"], 0.1), 2.0)
    return tf.identity(h), grad


def train_step(x, y):
    if zlib.crc32(x.numpy().tobytes()) % 3 == 0:
        y = tf.gather(y, [2, 0, 1], axis=1)
    with tf.GradientTape() as tape:
        h = TRUNK(x)
        if STATE["swapped"]:
            h = norm_op(MID(gate_op(h)))
        else:
            h = gate_op(MID(norm_op(h)))
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    variables = TRUNK.trainable_variables + MID.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads


for step in range(26):
    if step == 12:
        STATE["swapped"] = True
    i = (step * 8) % 72
    loss, grads = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, "".join(ORDER[-2:]), repr(SHARED["scale"]), repr(float(loss)), repr(float(grads[0][1, 4])),
          repr(float(grads[2][3, 5])), repr(float(grads[4][2, 1])))

print(json.dumps({"order": "".join(ORDER), "trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()]}))
