# janus fuzz reproducer: state
# plan: {"seed": 1101, "steps": 16, "model": "raw", "act": "tanh", "opt": "sgd", "style": "function", "ndarray": false, "ragged": false, "cast": false, "features": [{"name": "tuple_const", "seed": 1697073494, "u": 0, "at": [14]}]}
# state: ST[2].pair_0: janus ["tuple", [["int", -1], ["int", 1]], 2] vs ["ref", 10]
# janus: converted; graph fraction 0.81
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 1101
# features: tuple_const
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=False cast=False ragged=False steps=16
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1101)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(1101)
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


PAIR_0 = (-1, 1)


def batch_at(i):
    start = (i * BATCH) % N_ROWS
    x = DATA_X[start:start + BATCH].astype(XDTYPE)
    y = DATA_Y[start:start + BATCH]
    return tf.constant(x), tf.constant(y)


class State:
    pass


ST = State()
ST.pair_0 = None
MODEL = make_model()
OPT = make_optimizer()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = forward(MODEL, x)
        loss = tf.reduce_mean((pred - y) ** 2)
        loss = loss + 0.001 * tf.reduce_sum(tf.constant(PAIR_0, tf.float64))
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    ST.pair_0 = PAIR_0
    return loss


for step in range(16):
    if step == 14:
        PAIR_0 = (-1.0, 1.0)
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
