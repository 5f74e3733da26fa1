# janus fuzz reproducer: printed
# janus-python fuzz program, seed 282954
# features: raise_caught, item_write_finalizer, aliasing, zero_division
# skeleton: model=subclassed act=tanh opt=sgd style=function ndarray=False cast=False ragged=True steps=30
import collections
import contextlib
import dataclasses
import itertools
import random
import sys
import weakref

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(282954)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(282954)
N_ROWS = 100
DATA_X = DATA_RNG.normal(size=(N_ROWS, 6))
DATA_Y = DATA_RNG.normal(size=(N_ROWS, 1))
BATCH = 16
XDTYPE = np.float64
ACT = "tanh"


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8)
        self.out = tf.keras.layers.Dense(1)
        self.scale = 1.0

    def call(self, x):
        return self.out(tf.nn.tanh(self.hidden(x))) * self.scale


def make_model():
    return Net()


def forward(model, x):
    return model(x)


def params(model):
    return model.trainable_variables


def make_optimizer():
    return tf.keras.optimizers.SGD(0.05)


class Tok1:
    def __init__(self, n):
        self.n = n


RELEASED_1 = [0]


def tok_1(n):
    made = Tok1(n)
    weakref.finalize(made, RELEASED_1.__setitem__, 0, n)
    return made


POOL_1 = [tok_1(0), tok_1(1)]
SLOTS_1 = [None]


AL_2 = []
ALIAS_2 = AL_2


def batch_at(i):
    start = (i * BATCH) % N_ROWS
    x = DATA_X[start:start + BATCH].astype(XDTYPE)
    y = DATA_Y[start:start + BATCH]
    return tf.constant(x), tf.constant(y)


class State:
    pass


ST = State()
ST.ok_0 = 0
ST.bad_0 = 0
ST.t_0 = 0
ST.k_1 = 0
ST.hits_4 = 0
ST.trials_4 = 1
ST.ratio_4 = 0.0
MODEL = make_model()
OPT = make_optimizer()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = forward(MODEL, x)
        loss = tf.reduce_mean((pred - y) ** 2)
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    ST.t_0 += 1
    try:
        if ST.t_0 % 4 == 1:
            raise ValueError('every 4th')
        ST.ok_0 += 1
    except ValueError:
        ST.bad_0 += 1
    SLOTS_1[0] = POOL_1[1]
    ST.k_1 += 1
    print('released1', RELEASED_1[0])
    ALIAS_2.append(len(AL_2))
    ST.hits_4 += 1
    try:
        ST.ratio_4 = ST.hits_4 / ST.trials_4
    except ZeroDivisionError:
        ST.ratio_4 = -1.0
    return loss


for step in range(30):
    if step == 7:
        AL_2 = list(AL_2)
    if step == 26:
        POOL_1[0] = tok_1(100 + step)
    if step == 27:
        POOL_1[1] = tok_1(200 + step)
    if step == 28:
        ST.trials_4 = 0
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
