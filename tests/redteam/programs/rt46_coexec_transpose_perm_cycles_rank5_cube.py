"""A co-executed step (a crc32 of the input bytes picks, in Python, which of two
target tensors to use, so the step stays in the interpreter) reshapes a Keras trunk's
(1, 32) output into a (2, 2, 2, 2, 2) cube, transposes it with a permutation, and
multiplies elementwise with a fixed (2, 2, 2, 2, 2) template variable before the loss.
Every permutation gives the same shapes, so only the permutation operand's values
tell the Transpose gradients apart.  What changes mid-run: for steps 0-9 the
permutation is always (0, 1, 2, 3, 4); from step 10 it cycles through five other
permutations of five axes, one per step (a Python tuple).  Probes: the deferred
walk's chunk keys for small integer operands (a rank-5 permutation) when shapes,
dtypes and op types never change."""
import random

import numpy

random.seed(4614)
numpy.random.seed(4614)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4614)
rng = np.random.default_rng(4614)
XS = rng.normal(size=(40, 1, 6)).astype(np.float32)
TA = rng.normal(size=(2, 2, 2, 2, 2)).astype(np.float32)
TB = rng.normal(size=(2, 2, 2, 2, 2)).astype(np.float32)
TRUNK = keras.layers.Dense(32, activation="tanh")
TRUNK(XS[0])
TEMPLATE = tf.Variable(rng.normal(size=(2, 2, 2, 2, 2)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
PERMS = [(4, 3, 2, 1, 0), (1, 0, 3, 4, 2), (2, 4, 0, 1, 3), (0, 2, 1, 4, 3), (3, 0, 4, 2, 1)]
STATE = {"perm": (0, 1, 2, 3, 4)}


def train_step(x):
    target = TA if zlib.crc32(x.numpy().tobytes()) % 2 else TB
    with tf.GradientTape() as tape:
        cube = tf.reshape(TRUNK(x), (2, 2, 2, 2, 2))
        moved = tf.transpose(cube, STATE["perm"])
        pred = moved * TEMPLATE
        loss = tf.reduce_mean(tf.square(pred - target))
    variables = TRUNK.trainable_variables + [TEMPLATE]
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads


for step in range(30):
    if step >= 10:
        STATE["perm"] = PERMS[step % 5]
    loss, grads = train_step(tf.constant(XS[step % 40]))
    gk = grads[0].numpy()
    print(step, STATE["perm"], repr(float(loss)), repr(float(gk[0, 5])), repr(float(gk[3, 17])),
          repr(float(gk[5, 30])), repr(float(grads[1][9])), repr(float(grads[2][1, 0, 1, 1, 0])))

print(json.dumps({"t": [repr(float(v)) for v in TEMPLATE.numpy().ravel()],
                  "k": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()[::7]]}))
