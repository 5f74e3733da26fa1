"""RL-style bookkeeping with Python bools computed from tensors: `done = bool(ret >
thr)`; the code then uses bitwise operators the way numpy code does: `alive = done ^
True` (a bool), `mask = done | flag` (a bool), `bonus = done & 1` (an int), `inv =
~done` (an int: -1 or -2, a classic bug with Python bools), `neg = -done` (an int).
Their types and values are printed and fed to the loss scale.  The threshold drops at
step 12 so `done` flips on most later calls.  janus carries bools the graph computes as
Python bools; each operator's result type and value must be CPython's."""
import random

import numpy

random.seed(72)
numpy.random.seed(72)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

warnings.simplefilter("ignore", DeprecationWarning)
keras.utils.set_random_seed(4272)
rng = np.random.default_rng(4272)
XS = rng.normal(size=(96, 4)).astype(np.float32)
RS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
THR = 0.5


def train_step(x, r, flag):
    with tf.GradientTape() as tape:
        ret = tf.reduce_mean(x @ W * r)
        done = bool(ret > THR)
        alive = done ^ True
        mask = done | flag
        bonus = done & 1
        inv = ~done
        neg = -done
        scale = 1.0 + 0.1 * bonus + 0.01 * inv + 0.05 * neg + (0.2 if mask else 0.0)
        loss = -ret * scale + 0.01 * tf.reduce_sum(tf.square(W))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss, (done, alive, mask, bonus, inv, neg)


for step in range(30):
    if step == 12:
        THR = -0.05
    i = (step * 8) % 88
    loss, vals = train_step(tf.constant(XS[i:i + 8]), tf.constant(RS[i:i + 8]), step % 5 == 0)
    print(step, repr(float(loss)), [(type(v).__name__, v) for v in vals])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
