# janus fuzz reproducer: printed
# plan: {"seed": 1104, "steps": 25, "model": "raw", "act": "tanh", "opt": "sgd", "style": "function", "ndarray": false, "ragged": false, "cast": false, "features": [{"name": "method_shadow", "seed": 1110338226, "u": 0, "at": [23]}]}
# printed: line 24: janus '23 1.3267261197121778' vs '23 1.3261731037102635'
# printed: line 25: janus '24 0.5438010342510324' vs '24 0.5417193360512679'
# variables: W<Variable>[0]: janus -0.09954099757451972 vs -0.09956557835153824
# variables: B<Variable>[0]: janus -0.10042029062701024 vs -0.10137879298961011
# state: loss<Tensor>[0]: janus 0.5438010342510324 vs 0.5417193360512679
# janus: converted; graph fraction 0.88
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 1104
# features: method_shadow
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=False cast=False ragged=False steps=25
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1104)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(1104)
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


class Act0:
    def act(self, z):
        return z * 2

    def alt(self, z):
        return z * 3


ACT_0 = Act0()


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
        loss = loss + 0.01 * ACT_0.act(tf.reduce_mean(pred))
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(25):
    if step == 23:
        ACT_0.act = ACT_0.alt
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
