# janus fuzz reproducer: printed
# plan: {"seed": 1064, "steps": 34, "model": "raw", "act": "tanh", "opt": "sgd", "style": "function", "ndarray": false, "ragged": false, "cast": false, "features": [{"name": "tf_assert", "seed": 1223948835, "u": 0, "at": [28, 32]}]}
# printed: line 33: janus '32 1.1029147823400929' vs '32 1.0644319676634404'
# printed: line 34: janus '33 0.8839324910808322' vs '33 0.8389215277557303'
# variables: W<Variable>[0]: janus -0.00786147031093486 vs -0.0015039906095830613
# variables: B<Variable>[0]: janus 0.009695304265127797 vs -0.003950792146601278
# variables: OPT[3][0]<KerasVariable>[0]: janus 34 vs 30
# state: OPT[2]: janus 34 vs 30
# state: loss<Tensor>[0]: janus 0.8839324910808322 vs 0.8389215277557303
# janus: converted; graph fraction 0.79
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 1064
# features: tf_assert
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=False cast=False ragged=False steps=34
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1064)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(1064)
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


LIM_0 = 100.0


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
        tf.debugging.assert_less(tf.reduce_mean(tf.abs(x)), tf.constant(LIM_0, tf.float64))
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(34):
    if step == 28:
        LIM_0 = 0.001
    if step == 32:
        LIM_0 = 100.0
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
