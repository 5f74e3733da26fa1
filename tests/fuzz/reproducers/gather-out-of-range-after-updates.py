# a tf.gather that goes out of range feeds a branch on a tensor relaxed to a cond: the barrier waited only for the cond, which lowered does not wait for all its inputs, so the updates landed before the gather failed (make fuzz N=200 SEED=281800, program seed 281910; fixed in graph/atomic.py gate: a failing op that only feeds an op with bodies stays a sink)
# janus-python fuzz program, seed 281910
# features: gather_oob, tensor_if
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=False cast=False ragged=False steps=10
import collections
import contextlib
import dataclasses
import itertools
import random
import sys
import weakref

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(281910)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(281910)
N_ROWS = 96
DATA_X = DATA_RNG.normal(size=(N_ROWS, 6))
DATA_Y = DATA_RNG.normal(size=(N_ROWS, 1))
BATCH = 16
XDTYPE = np.float64
ACT = "tanh"


W = tf.Variable(DATA_RNG.normal(size=(6, 1)) * 0.1, name="W")
B = tf.Variable(np.zeros(1), name="B")


def make_model():
    return None


def forward(model, x):
    return tf.matmul(x, W) + B


def params(model):
    return [W, B]


def make_optimizer():
    return tf.keras.optimizers.SGD(0.05)


TBL_0 = tf.constant([1.0, 2.0, 3.0], tf.float64)
IDX_0 = [0, 2]


def batch_at(i):
    start = (i * BATCH) % N_ROWS
    x = DATA_X[start:start + BATCH].astype(XDTYPE)
    y = DATA_Y[start:start + BATCH]
    return tf.constant(x), tf.constant(y)


class State:
    pass


ST = State()
MODEL = make_model()
OPT = make_optimizer()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = forward(MODEL, x)
        loss = tf.reduce_mean((pred - y) ** 2)
        loss = loss + 0.01 * tf.reduce_sum(tf.gather(TBL_0, IDX_0))
        if tf.reduce_mean(x) > -0.05:
            loss = loss + 0.1 * tf.reduce_mean(pred)
        else:
            loss = loss * 0.9
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(10):
    if step == 7:
        IDX_0 = [0, 7]
    if step == 8:
        IDX_0 = [1]
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
