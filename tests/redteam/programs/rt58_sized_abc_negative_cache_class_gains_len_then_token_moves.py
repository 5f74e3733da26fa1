"""A Sequential model whose step averages an auxiliary penalty over a program "buffer"
object only when `isinstance(BUF, collections.abc.Sized)`; the buffer's class has no
`__len__` at first (abc caches the negative answer).  At step 8 the class gains
`__len__`: eager still answers False (the negative cache is valid until abc's token
moves); at step 15 an unrelated class is registered with an unrelated ABC, which moves
the token: eager now asks `__subclasshook__` again and answers True; at step 23 the
buffer's list grows (len changes); at step 28 `__len__` is deleted (the positive cache
still answers True, len() then raises inside the step, which catches TypeError).
Probes: abc's negative cache and token, class-level slots added/deleted, and an
isinstance answer that eager keeps stale on purpose."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import abc
import collections.abc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5818)
rng = np.random.default_rng(5818)
XS = rng.normal(size=(100, 5)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - np.tanh(XS[:, 3:4])).astype(np.float32)


class Buffer:
    def __init__(self, items):
        self.items = items


class Unrelated(abc.ABC):
    pass


class Other:
    pass


BUF = Buffer([0.1, 0.2])
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(9, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.015)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        sized = isinstance(BUF, collections.abc.Sized)
        if sized:
            try:
                n = len(BUF)
            except TypeError:
                n = 1
            loss = loss + 0.01 * n * tf.reduce_mean(tf.square(MODEL.layers[0].kernel))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, sized


def buf_len(self):
    return len(self.items)


for step in range(32):
    if step == 8:
        Buffer.__len__ = buf_len
    if step == 15:
        Unrelated.register(Other)
    if step == 23:
        BUF.items.append(0.3)
        BUF.items.append(0.4)
    if step == 28:
        del Buffer.__len__
    i = (step * 9) % 90
    loss, sized = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), sized)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
