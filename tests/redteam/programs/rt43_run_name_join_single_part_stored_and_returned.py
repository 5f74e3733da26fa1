"""Checkpoint naming: the caller passes the run's name parts as a list; for a plain run
there is a single part, and the step builds the checkpoint prefix with
`"/".join(parts)`, stores it (`CKPT.prefix = prefix`) and also stores the first part
(`CKPT.base = parts[0]`) and returns the prefix.  With one part, CPython's join returns
that very str object, so in eager `CKPT.prefix is parts[0]`, `CKPT.base is parts[0]` and
the returned prefix is the same object.  From step 15 the runs get two parts (the join
makes a new str).  The caller makes a fresh name str every 4 steps.  Probes: identity of
a str that str.join hands back from a one-item list, stored next to that item."""
import random

import numpy

random.seed(4351)
numpy.random.seed(4351)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4351)
rng = np.random.default_rng(4351)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Ckpt:
    pass


CKPT = Ckpt()


def train_step(x, y, parts):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    prefix = "/".join(parts)
    CKPT.prefix = prefix
    CKPT.base = parts[0]
    return loss, prefix


name = "run" + str(0)
for step in range(30):
    if step % 4 == 0:
        name = "run" + str(step // 4)
    parts = [name] if step < 15 else [name, "ft"]
    i = (step * 16) % 112
    loss, prefix = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), parts)
    print(step, repr(float(loss)), prefix, CKPT.prefix is parts[0], CKPT.base is parts[0], prefix is CKPT.prefix)

print(json.dumps({"prefix": CKPT.prefix, "W": [repr(float(v)) for v in W.numpy().ravel()]}))
