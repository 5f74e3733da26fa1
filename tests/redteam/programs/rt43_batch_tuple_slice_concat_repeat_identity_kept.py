"""A replay-buffer training loop: the caller passes each batch as a tuple
`(x, y, meta)` and the step keeps several views of it for later replay: `batch[:]`,
`batch + ()`, `tuple(batch)`, `batch * 1` and `(*batch,)` and the
learning-rate float through `float(lr)`, `lr.conjugate()` and
`operator.pos(lr)`.  CPython returns the same tuple object for the first four and the
float itself for its no-op conversions; the unpacking display is a new tuple.  The caller
reuses some batch tuples (a replay of the previous batch at odd steps) and makes new
ones at others, and changes the lr at step 12.  janus keeps the caller's container as
the caller's object where the step stores it; here it is reached through slicing,
concatenation, repetition and operator.  Probes: identity of tuples and floats that
CPython's operations hand back unchanged."""
import random

import numpy

random.seed(4312)
numpy.random.seed(4312)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4312)
rng = np.random.default_rng(4312)
XS = rng.normal(size=(120, 5)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Replay:
    pass


REPLAY = Replay()


def train_step(batch, lr):
    x, y, meta = batch
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * lr
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    REPLAY.sliced = batch[:]
    REPLAY.concat = batch + ()
    REPLAY.tupled = tuple(batch)
    REPLAY.times = batch * 1
    REPLAY.unpacked = (*batch,)
    REPLAY.lr_float = float(lr)
    REPLAY.lr_conj = lr.conjugate()
    REPLAY.lr_pos = operator.pos(lr)
    REPLAY.meta = meta
    return loss


lr = 0.5 * 2.0
prev = None
for step in range(30):
    if step == 12:
        lr = 0.25 * 2.0
    if step % 2 and prev is not None:
        batch = prev
    else:
        i = (step * 8) % 112
        batch = (tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), "b%d" % step)
    loss = train_step(batch, lr)
    prev = batch
    flags = [REPLAY.sliced is batch, REPLAY.concat is batch, REPLAY.tupled is batch, 
             REPLAY.times is batch, REPLAY.unpacked is batch, REPLAY.lr_float is lr, REPLAY.lr_conj is lr,
             REPLAY.lr_pos is lr, REPLAY.meta is batch[2]]
    print(step, repr(float(loss)), batch[2], flags)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "meta": REPLAY.meta}))
