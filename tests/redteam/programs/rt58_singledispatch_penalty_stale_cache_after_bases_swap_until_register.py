"""A Sequential model whose step computes a penalty with a `functools.singledispatch`
function dispatched on the type of a program config object.  Mid-run the config's class
has its `__bases__` reassigned (step 8): singledispatch's per-class dispatch cache is
not invalidated by that, so eager keeps the old implementation; at step 15 a new
implementation is registered for an unrelated class, which clears the dispatch cache,
and eager now dispatches on the new MRO; at step 23 the bases are reassigned back (stale
again in eager), and at step 28 `penalty.dispatch` cache is cleared via
`penalty._clear_cache()`.
Probes: library code (functools) whose answer depends on a cache eager keeps stale
across an MRO change: janus must neither re-dispatch early nor keep a stale graph after
the cache clears."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5828)
rng = np.random.default_rng(5828)
XS = rng.normal(size=(110, 5)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] * 0.5 - XS[:, 4:5]).astype(np.float32)


class L1Kind:
    pass


class L2Kind:
    pass


class Unrelated:
    pass


class PenaltyCfg(L1Kind):
    coef = 0.01


CFG = PenaltyCfg()
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)


@functools.singledispatch
def penalty(cfg, w):
    return tf.constant(0.0)


@penalty.register
def _(cfg: L1Kind, w):
    return cfg.coef * tf.reduce_sum(tf.abs(w))


@penalty.register
def _(cfg: L2Kind, w):
    return cfg.coef * 5.0 * tf.reduce_sum(tf.square(w))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        pen = penalty(CFG, MODEL.layers[0].kernel)
        loss = loss + pen
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, pen


def unrelated_impl(cfg, w):
    return tf.constant(1.0)


for step in range(32):
    if step == 8:
        PenaltyCfg.__bases__ = (L2Kind,)
    if step == 15:
        penalty.register(Unrelated, unrelated_impl)
    if step == 23:
        PenaltyCfg.__bases__ = (L1Kind,)
    if step == 28:
        penalty._clear_cache()
    i = (step * 10) % 100
    loss, pen = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(float(pen)))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
