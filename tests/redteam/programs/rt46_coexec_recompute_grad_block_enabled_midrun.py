"""A co-executed step (a crc32 of the batch decides in Python whether to add label
noise from numpy, so the step stays in the interpreter) runs a two-layer Keras block
between a stem and a head.  What changes mid-run: from step 10 the block is called
through `tf.recompute_grad(block)` (gradient checkpointing): eagerly its forward runs
under stop_recording and, during the outer walk, its Python backward re-runs the block
(the Keras layers again) under a tape of its own and takes that tape's gradient with
respect to the block's input and variables.  Probes: a Python backward that re-enters
Keras sites and runs a nested tape walk while the outer walk is deferred; eager's
gradients bit for bit."""
import random

import numpy

random.seed(4625)
numpy.random.seed(4625)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4625)
rng = np.random.default_rng(4625)
XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = rng.normal(size=(80, 2)).astype(np.float32)
STEM = keras.layers.Dense(8, activation="tanh")
B1 = keras.layers.Dense(8, activation="softplus")
B2 = keras.layers.Dense(8, activation="tanh")
HEAD = keras.layers.Dense(2)
STEM(XS[:1])
B1(np.zeros((1, 8), np.float32))
B2(np.zeros((1, 8), np.float32))
HEAD(np.zeros((1, 8), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"checkpoint": False}


def block(h):
    return B2(B1(h)) + h


CKPT_BLOCK = tf.recompute_grad(block)


def train_step(x, y):
    if zlib.crc32(x.numpy().tobytes()) % 3 == 0:
        y = y + tf.constant(np.random.normal(scale=0.1, size=y.shape).astype(np.float32))
    with tf.GradientTape() as tape:
        h = STEM(x)
        h = CKPT_BLOCK(h) if STATE["checkpoint"] else block(h)
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    variables = (STEM.trainable_variables + B1.trainable_variables + B2.trainable_variables
                 + HEAD.trainable_variables)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads


for step in range(26):
    if step == 10:
        STATE["checkpoint"] = True
    i = (step * 8) % 72
    loss, grads = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(grads[0][2, 5])), repr(float(grads[2][3, 1])),
          repr(float(grads[4][6, 7])), repr(float(grads[5][2])), repr(float(grads[6][0, 1])))

print(json.dumps({"b1": [repr(float(v)) for v in B1.kernel.numpy().ravel()[::3]],
                  "stem": [repr(float(v)) for v in STEM.kernel.numpy().ravel()[::3]]}))
