"""A co-executed step (a crc32 of the batch decides, in Python, whether a mirrored copy
of the batch is appended, so the batch size and the step's path vary and the step
stays in the interpreter) trains a float32 Keras trunk and head.  What changes
mid-run: from step 12 a "compression bottleneck" is switched on: the trunk's output is
cast to bfloat16, passed through a raw bfloat16 weight (tf.matmul of bfloat16
tensors) and cast back to float32 before the head, so the backward pass runs a
bfloat16 MatMul gradient and Cast gradients and the bfloat16 weight's gradient is
bfloat16.  Probes: bfloat16 ops, casts and a bfloat16 variable in the deferred walk
(placeholder dtypes, chunk keys) with batch sizes that vary."""
import random

import numpy

random.seed(4641)
numpy.random.seed(4641)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4641)
rng = np.random.default_rng(4641)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = rng.normal(size=(80, 2)).astype(np.float32)
TRUNK = keras.layers.Dense(8, activation="tanh")
HEAD = keras.layers.Dense(2)
TRUNK(XS[:1])
HEAD(np.zeros((1, 8), np.float32))
BOTTLE = tf.Variable(tf.cast(rng.normal(size=(8, 8)) * 0.4 + np.eye(8), tf.bfloat16))
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"bottleneck": False}


def train_step(x, y):
    if zlib.crc32(x.numpy().tobytes()) % 2:
        x = tf.concat([x, -x], axis=0)
        y = tf.concat([y, -y], axis=0)
    with tf.GradientTape() as tape:
        h = TRUNK(x)
        if STATE["bottleneck"]:
            hb = tf.matmul(tf.cast(h, tf.bfloat16), BOTTLE)
            h = tf.cast(hb, tf.float32)
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    variables = TRUNK.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables + [BOTTLE])
    OPT.apply_gradients(zip(grads[:4], variables))
    if grads[4] is not None:
        BOTTLE.assign_sub(tf.cast(0.05, tf.bfloat16) * grads[4])
    return loss, grads, int(x.shape[0])


for step in range(26):
    if step == 12:
        STATE["bottleneck"] = True
    i = (step * 6) % 72
    loss, grads, n = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]))
    gb = grads[4]
    print(step, n, repr(float(loss)), repr(float(grads[0][2, 5])), repr(float(grads[2][7, 1])),
          None if gb is None else (gb.dtype.name, repr(float(gb[3, 4]))))

print(json.dumps({"bottle": [repr(float(v)) for v in tf.cast(BOTTLE, tf.float32).numpy().ravel()[::5]],
                  "trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()[::3]]}))
