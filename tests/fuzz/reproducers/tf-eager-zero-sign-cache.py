# janus fuzz reproducer: printed
# plan: {"seed": 70891, "steps": 13, "model": "raw", "act": "tanh", "opt": "sgd", "style": "function", "ndarray": true, "ragged": false, "cast": false, "features": [{"name": "for_break_continue", "seed": 596577828, "u": 2, "at": []}, {"name": "int_float_division", "seed": 1524056813, "u": 3, "at": [11]}]}
# printed: line 12: janus '11 -0.0' vs '11 0.0'
# printed: line 13: janus '12 -0.0' vs '12 0.0'
# state: loss<Tensor>[0]: janus -0.0 vs 0.0
# janus: converted; graph fraction 0.77
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 70891
# features: for_break_continue, int_float_division
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=True cast=False ragged=False steps=13
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(70891)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(70891)
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


S_3 = 7


def batch_at(i):
    start = (i * BATCH) % N_ROWS
    x = DATA_X[start:start + BATCH].astype(XDTYPE)
    y = DATA_Y[start:start + BATCH]
    return x, y


class State:
    pass


ST = State()
MODEL = make_model()
OPT = make_optimizer()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = forward(MODEL, x)
        loss = tf.reduce_mean((pred - y) ** 2)
        for j_2 in range(8):
            if j_2 == 2:
                continue
            if j_2 == 7:
                break
            loss = loss + 0.01 * j_2 * tf.reduce_mean(pred)
        loss = loss * (S_3 / 2)
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(13):
    if step == 11:
        S_3 = -0.0
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
