# janus fuzz reproducer: printed
# plan: {"seed": 4, "steps": 13, "model": "raw", "act": "tanh", "opt": "sgd", "style": "function", "ndarray": true, "ragged": false, "cast": false, "features": [{"name": "dunder_len_float", "seed": 1124077024, "u": 2, "at": [11]}]}
# printed: line 12: janus '11 1.0488111870834564' vs '11 1.0603362967607448'
# printed: line 13: janus '12 1.2755103041686533' vs '12 1.2892302163180627'
# variables: W<Variable>[0]: janus -0.16067719537560338 vs -0.16128326945029473
# variables: B<Variable>[0]: janus -0.011117367045405514 vs -0.010999239092893527
# state: loss<Tensor>[0]: janus 1.2755103041686533 vs 1.2892302163180627
# janus: converted; graph fraction 0.77
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 4
# features: dunder_len_float
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=True cast=False ragged=False steps=13
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(4)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(4)
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


class Bag2:
    def __init__(self):
        self.items = [1, 2]

    def __len__(self):
        return len(self.items)

    def __float__(self):
        return sum(self.items) / 4


BAG_2 = Bag2()


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
        loss = loss * (1.0 + 0.01 * len(BAG_2)) + 0.001 * float(BAG_2)
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(13):
    if step == 11:
        BAG_2.items.append(5)
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
