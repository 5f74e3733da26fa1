"""An iterative-refinement model whose depth budget is derived from the interpreter's
recursion limit (a habit carried over from a recursive implementation):
`depth = min(4, sys.getrecursionlimit() // 400)` refinement passes of a shared Dense
layer, unrolled by a Python loop.  The step returns the depth used.  At step 12 the
loop raises the limit with `sys.setrecursionlimit(1300)` (a deeper tree elsewhere in
the program needed it), which moves the budget from 2 to 3 passes; no recursion runs.
Probes: interpreter configuration read by a C getter in the step (not through a
recursive call), deciding how many ops the step runs."""
import random

import numpy

random.seed(4524)
numpy.random.seed(4524)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4524)
rng = np.random.default_rng(4524)
XS = rng.normal(size=(84, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 2.0) * 0.5).astype(np.float32)

ENC = keras.layers.Dense(6, activation="tanh")
REFINE = keras.layers.Dense(6, activation="tanh")
HEAD = keras.layers.Dense(1)
ENC(tf.zeros((1, 4)))
REFINE(tf.zeros((1, 6)))
HEAD(tf.zeros((1, 6)))
VARS = ENC.trainable_variables + REFINE.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    depth = min(4, sys.getrecursionlimit() // 400)
    with tf.GradientTape() as tape:
        h = ENC(x)
        for _ in range(depth):
            h = 0.5 * h + 0.5 * REFINE(h)
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, depth


sys.setrecursionlimit(1000)
for step in range(24):
    if step == 12:
        sys.setrecursionlimit(1300)
    i = (step * 7) % 77
    loss, depth = train_step(tf.constant(XS[i:i + 7]), tf.constant(YS[i:i + 7]))
    print(step, repr(float(loss)), depth)

print(json.dumps({"w": [repr(float(v)) for v in REFINE.kernel.numpy().ravel()[:6]]}))
