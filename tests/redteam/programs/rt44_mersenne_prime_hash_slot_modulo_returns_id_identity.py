"""Universal-hashing bookkeeping with the Mersenne prime P = 2**61 - 1: each batch comes
with a 41-bit example id, and the step stores `sid % P` (its hash slot), `divmod(sid,
P)` and `(a * sid + b) % P` on a tracker after the update.  CPython 3.13 returns the
dividend itself from `%` when it has fewer digits than a non-negative divisor, so
eagerly `TR.slot is sid`, which the caller uses to skip re-keying its cache; the
affine hash is a new int.  From step 17 the ids are 62-bit (as many digits as P), and
`%` gives new objects.  Probes: identity of Python int arguments (varying per call)
through `%` and divmod with a large constant modulus, stored on an object and compared
by the caller."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4427)
rng = np.random.default_rng(4427)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.08)
P = 2 ** 61 - 1
HA, HB = 1000003, 7919


class Keys:
    def __init__(self):
        self.slot = None
        self.q = None
        self.r = None
        self.affine = None


TR = Keys()


def train_step(x, y, sid):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TR.slot = sid % P
    TR.q, TR.r = divmod(sid, P)
    TR.affine = (HA * sid + HB) % P
    return loss


rekeyed = 0
for step in range(30):
    sid = (2 ** 40 if step < 17 else 2 ** 61 - 12345) + 104729 * (step % 5)
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), sid)
    if TR.slot is not sid:
        rekeyed += 1
    print(step, repr(float(loss)), TR.slot, TR.slot is sid, TR.r is sid, TR.q, TR.affine, rekeyed)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "rekeyed": rekeyed}))
