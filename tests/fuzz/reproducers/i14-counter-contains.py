# janus fuzz reproducer: printed
# plan: {"seed": 17, "steps": 33, "model": "raw", "act": "tanh", "opt": "sgd", "style": "function", "ndarray": false, "ragged": false, "cast": false, "features": [{"name": "counter_contains", "seed": 1650002322, "u": 0, "at": [31]}]}
# printed: line 32: janus '31 0.5958278882426258' vs '31 0.8937418323639387'
# printed: line 33: janus '32 0.2867375321755481' vs '32 0.4236154441886108'
# variables: W<Variable>[0]: janus -0.033583916788888515 vs -0.054287486752090636
# variables: B<Variable>[0]: janus -0.05190954979069886 vs -0.05163883949408889
# state: loss<Tensor>[0]: janus 0.2867375321755481 vs 0.4236154441886108
# janus: converted; graph fraction 0.91
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 17
# features: counter_contains
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=False cast=False ragged=False steps=33
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(17)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(17)
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


C_0 = collections.Counter(a=1)


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
        if 'b' in C_0:
            loss = loss * 1.5
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(33):
    if step == 31:
        C_0['b'] += 1
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
