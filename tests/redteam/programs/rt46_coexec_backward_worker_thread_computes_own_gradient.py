"""A co-executed step (a crc32 of the batch decides in Python whether to negate the
reward, so the step stays in the interpreter) routes the trunk's features through a
`tf.custom_gradient` op.  What changes mid-run: from step 12 the op's backward (Python,
run during the outer tape's walk) starts a worker thread, which runs its own
GradientTape over a small auxiliary Keras model on the upstream gradient and returns
the gradient of that model's output with respect to its input; the backward joins the
thread and adds that gradient (and counts the worker's calls).  Before step 12 the
backward only clips the upstream gradient.  Probes: another thread computing a tape
gradient (its own walk) while the main thread's tape walk is deferred."""
import random

import numpy

random.seed(4607)
numpy.random.seed(4607)

import json
import threading
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4607)
rng = np.random.default_rng(4607)
XS = rng.normal(size=(90, 7)).astype(np.float32)
YS = rng.normal(size=(90, 1)).astype(np.float32)
TRUNK = keras.layers.Dense(6, activation="tanh")
HEAD = keras.layers.Dense(1)
AUX = keras.Sequential([keras.Input((6,)), keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
TRUNK(XS[:1])
HEAD(np.zeros((1, 6), np.float32))
AUX(np.zeros((1, 6), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
MODE = {"worker": False}
WORKER_CALLS = []


def worker(dy, box):
    with tf.GradientTape() as t:
        t.watch(dy)
        z = tf.reduce_sum(AUX(dy))
    box["g"] = t.gradient(z, dy)
    WORKER_CALLS.append(repr(float(z)))


@tf.custom_gradient
def routed(h):
    def grad(dy):
        if MODE["worker"]:
            box = {}
            th = threading.Thread(target=worker, args=(dy, box))
            th.start()
            th.join()
            return tf.clip_by_value(dy, -0.2, 0.2) + 0.05 * box["g"]
        return tf.clip_by_value(dy, -0.2, 0.2)
    return tf.identity(h), grad


def train_step(x, y):
    neg = zlib.crc32(y.numpy().tobytes()) % 5 == 0
    if neg:
        y = -y
    with tf.GradientTape() as tape:
        h = routed(TRUNK(x))
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    variables = TRUNK.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads, neg


for step in range(28):
    if step == 12:
        MODE["worker"] = True
    i = (step * 9) % 81
    loss, grads, neg = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]))
    print(step, neg, repr(float(loss)), repr(float(grads[0][3, 2])), repr(float(grads[1][5])),
          repr(float(grads[2][4, 0])), len(WORKER_CALLS))

print(json.dumps({"worker": WORKER_CALLS, "trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()]}))
