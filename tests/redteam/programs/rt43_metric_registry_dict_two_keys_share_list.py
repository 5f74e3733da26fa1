"""A metric registry dict whose values are lists of recent values.  The program registers
an alias at step 11: `REG["val_loss"] = REG["loss"]` (both names then refer to one list,
as a logger that aliases metric names does), and later at step 20 splits them again with
a copy.  The step appends to `REG["loss"]`, writes `REG["grad"][-1] = g` after appending a
placeholder, and reads `len(REG["val_loss"])` and `REG["val_loss"][-1]`.  In eager an
append through one key is seen through the other while they are aliased.  Probes: list
mutation through one dict key and reads through another key holding the same list, the
aliasing made and undone by the caller."""
import random

import numpy

random.seed(4334)
numpy.random.seed(4334)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4334)
rng = np.random.default_rng(4334)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] ** 2).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
REG = {"loss": [], "val_loss": [9.0], "grad": []}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    REG["loss"].append(float(loss))
    REG["grad"].append(0.0)
    REG["grad"][-1] = float(tf.linalg.global_norm(grads))
    return loss, len(REG["val_loss"]), REG["val_loss"][-1]


for step in range(30):
    if step == 11:
        REG["val_loss"] = REG["loss"]
    if step == 20:
        REG["val_loss"] = list(REG["loss"][-2:])
    i = (step * 16) % 112
    loss, n_val, last_val = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), n_val, repr(last_val), len(REG["loss"]), REG["val_loss"] is REG["loss"])

print(json.dumps({"n": {k: len(v) for k, v in sorted(REG.items())}, "grad_last": repr(REG["grad"][-1])}))
