# janus fuzz reproducer: printed
# plan: {"seed": 14, "steps": 7, "model": "raw", "act": "tanh", "opt": "sgd", "style": "function", "ndarray": true, "ragged": false, "cast": false, "features": [{"name": "ndarray_probe", "seed": 1549066331, "u": 3, "at": []}]}
# printed: line 4: janus '3 0.817013147671308' vs '3 1.225519721506962'
# printed: line 5: janus '4 1.0800236934851766' vs '4 1.6607902611671161'
# printed: line 6: janus '5 1.5536685769417418' vs '5 2.2975960637043737'
# printed: line 7: janus '6 0.8446103876349698' vs '6 1.3053713444975332'
# variables: W<Variable>[0]: janus 0.019326269336949815 vs 0.011128448646658427
# variables: B<Variable>[0]: janus -0.08162471367388108 vs -0.07632630789080021
# state: loss<Tensor>[0]: janus 0.8446103876349698 vs 1.3053713444975332
# janus: converted; graph fraction 0.57
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 14
# features: ndarray_probe
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=True cast=False ragged=False steps=7
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(14)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(14)
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
        if isinstance(x, np.ndarray):
            loss = loss * 1.5
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
