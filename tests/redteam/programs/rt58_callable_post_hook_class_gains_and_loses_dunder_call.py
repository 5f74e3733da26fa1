"""A functional Keras model whose step post-processes the loss through an optional hook:
`if callable(HOOKS.post): loss = HOOKS.post(loss)`.  The hook object is of a plain
class that has no `__call__` at first; mid-run the class gains one (step 9: a scaled
loss), it is replaced (step 17: loss plus an L1 term on the output kernel), deleted
(step 24), and added again as a staticmethod-free function reading an attribute
(step 30).  The instance and its dict never change.
Probes: `callable()` of a program object (a class-level slot answer) and the implicit
`__call__` lookup on its class, changed through the class dict while the instance's
identity guard still holds."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5805)
rng = np.random.default_rng(5805)
XS = rng.normal(size=(100, 6)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] - np.abs(XS[:, 2:3])).astype(np.float32)

inp = keras.Input((6,))
h = keras.layers.Dense(16, activation="relu")(inp)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.01)


class PostHook:
    def __init__(self, k):
        self.k = k


class Hooks:
    pass


HOOKS = Hooks()
HOOKS.post = PostHook(0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        if callable(HOOKS.post):
            loss = HOOKS.post(loss)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def scaled(self, loss):
    return loss * self.k


def with_l1(self, loss):
    return loss + 0.01 * tf.reduce_sum(tf.abs(MODEL.layers[-1].kernel))


def squared_k(self, loss):
    return loss * (self.k * self.k)


for step in range(34):
    if step == 9:
        PostHook.__call__ = scaled
    if step == 17:
        PostHook.__call__ = with_l1
    if step == 24:
        del PostHook.__call__
    if step == 30:
        PostHook.__call__ = squared_k
    i = (step * 10) % 90
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), callable(HOOKS.post))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:8]]}))
