# janus fuzz reproducer: printed
# plan: {"seed": 11, "steps": 7, "model": "raw", "act": "tanh", "opt": "sgd", "style": "function", "ndarray": false, "ragged": false, "cast": false, "features": [{"name": "descriptor_read", "seed": 2043387526, "u": 0, "at": []}]}
# printed: line 5: janus '4 2.1954670004117967' vs '4 6.58640100123539'
# printed: line 6: janus '5 1.493695904869208' vs '5 1.4218975595448533'
# printed: line 7: janus '6 4.074413399617156' vs '6 2.818565823643721'
# variables: W<Variable>[0]: janus -0.18657333058218145 vs -0.09859769416615949
# variables: B<Variable>[0]: janus -0.06454180378855154 vs -0.05609218827577466
# state: Counting0[2].reads[1]: janus 17 vs 7
# state: loss<Tensor>[0]: janus 4.074413399617156 vs 2.818565823643721
# janus: converted; graph fraction 0.57
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 11
# features: descriptor_read
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=False cast=False ragged=False steps=7
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(11)
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


class Counting0:
    reads = 0

    def __get__(self, obj, owner=None):
        Counting0.reads += 1
        return 1.0 + Counting0.reads % 3


class HasD0:
    value = Counting0()


HD_0 = HasD0()


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
        loss = loss * HD_0.value
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(7):
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
