# janus fuzz reproducer: printed
# plan: {"seed": 1013, "steps": 23, "model": "raw", "act": "tanh", "opt": "callable", "style": "function", "ndarray": false, "ragged": false, "cast": false, "features": [{"name": "lr_change", "seed": 1056261532, "u": 0, "at": [21]}]}
# printed: line 23: janus '22 1.3365443966869077' vs '22 1.3524340928463174'
# variables: W<Variable>[0]: janus -0.0647589063901801 vs -0.26891372861401375
# variables: B<Variable>[0]: janus 0.03128809954527126 vs 0.24735976788145608
# state: loss<Tensor>[0]: janus 1.3365443966869077 vs 1.3524340928463174
# janus: converted; graph fraction 0.87
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 1013
# features: lr_change
# skeleton: model=raw act=tanh opt=callable style=function ndarray=False cast=False ragged=False steps=23
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1013)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(1013)
N_ROWS = 96
DATA_X = DATA_RNG.normal(size=(N_ROWS, 6))
DATA_Y = DATA_RNG.normal(size=(N_ROWS, 1))
BATCH = 16
XDTYPE = np.float64
LR = 0.05
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
    return tf.keras.optimizers.SGD(learning_rate=lambda: LR)


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
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(23):
    if step == 21:
        LR = 0.2
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
