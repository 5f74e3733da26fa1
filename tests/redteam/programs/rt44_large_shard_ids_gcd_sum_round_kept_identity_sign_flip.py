"""Data-shard bookkeeping with large integer ids: each batch comes with a 64-bit shard id
(beyond 2**62) and a base id; the step records `math.gcd(sid, 0)`, `sum([], base)`,
`round(sid, 3)`, `int(sid)` and `abs(sid)` in a tracker, and picks `sid if loss >
bound else base` as the id to revisit.  CPython hands several of these back as the very
object it was given (gcd with 0 and abs of a non-negative int, sum of nothing with a
start, round with ndigits >= 0, int of an int); the caller checks each with `is`.  From
step 15 the loader hands negative shard ids (a signed re-encoding), so abs() and gcd()
give new objects.  Probes: identity of large Python ints through math/builtins, stored
on an object and compared by the caller, after a sign change mid-run."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4418)
rng = np.random.default_rng(4418)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 0.8 - 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Tracker:
    def __init__(self):
        self.g = None
        self.s = None
        self.r = None
        self.i = None
        self.a = None
        self.revisit = None


TR = Tracker()


def train_step(x, y, sid, base):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TR.g = math.gcd(sid, 0)
    TR.s = sum([], base)
    TR.r = round(sid, 3)
    TR.i = int(sid)
    TR.a = abs(sid)
    TR.revisit = sid if loss > 0.3 else base
    return loss


for step in range(30):
    sid = (2 ** 62 + 1000003 * (step % 4)) * (-1 if step >= 15 else 1)
    base = 2 ** 61 + 77
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), sid, base)
    print(step, repr(float(loss)), TR.g is sid, TR.s is base, TR.r is sid, TR.i is sid, TR.a is sid,
          TR.revisit is sid, TR.revisit is base, TR.a == abs(sid), TR.g)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
