"""A regulariser is chosen by `functools.singledispatch` on the type of the config
object.  At first only the base implementation exists (no penalty for the
`L1Config` subclass); at step 12 the loop registers a specialised implementation for
`L1Config` (`@penalty.register(L1Config)`), and at step 20 replaces it with a stronger
one.  Eagerly each call dispatches through the registry as it is at that moment.
The dispatch runs in functools (library code): janus must not keep the first
dispatch decision."""
import random

import numpy

random.seed(52)
numpy.random.seed(52)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4252)
rng = np.random.default_rng(4252)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 3:4]).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32))


class RegConfig:
    def __init__(self, c):
        self.c = c


class L1Config(RegConfig):
    pass


@functools.singledispatch
def penalty(cfg, w):
    return 0.0 * tf.reduce_sum(w)


CFG = L1Config(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + penalty(CFG, W)
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss


for step in range(30):
    if step == 12:
        @penalty.register(L1Config)
        def _l1(cfg, w):
            return cfg.c * tf.reduce_sum(tf.abs(w))
    if step == 20:
        @penalty.register(L1Config)
        def _l1_strong(cfg, w):
            return 10.0 * cfg.c * tf.reduce_sum(tf.abs(w))
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), penalty.dispatch(L1Config).__name__)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
