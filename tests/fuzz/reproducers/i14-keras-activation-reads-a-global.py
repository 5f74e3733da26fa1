# janus fuzz reproducer: printed
# plan: {"seed": 3, "steps": 16, "model": "sequential", "act": "user", "opt": "sgd", "style": "function", "ndarray": false, "ragged": false, "cast": false, "features": [{"name": "act_change", "seed": 996097414, "u": 2, "at": [14]}]}
# printed: line 15: janus '14 1.5422337144128442' vs '14 1.4791501768192754'
# printed: line 16: janus '15 0.5118197988680827' vs '15 0.6688315032431688'
# variables: MODEL[2][0]<KerasVariable>[0]: janus 0.6179980264092511 vs 0.6176662769022992
# variables: MODEL[2][1]<KerasVariable>[0]: janus 0.002025160069715091 vs 0.006050225998925672
# variables: MODEL[2][2]<KerasVariable>[0]: janus -0.2668614662085197 vs -0.3014266723931885
# variables: MODEL[2][3]<KerasVariable>[0]: janus 0.07250986654145258 vs 0.0746064271739993
# state: loss<Tensor>[0]: janus 0.5118197988680827 vs 0.6688315032431688
# janus: converted; graph fraction 0.81
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 3
# features: act_change
# skeleton: model=sequential act=user opt=sgd style=function ndarray=False cast=False ragged=False steps=16
import collections
import contextlib
import dataclasses
import itertools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(3)
N_ROWS = 96
DATA_X = DATA_RNG.normal(size=(N_ROWS, 6))
DATA_Y = DATA_RNG.normal(size=(N_ROWS, 1))
BATCH = 16
XDTYPE = np.float64
ACT_SCALE = 1.0


def user_act(z):
    return tf.nn.tanh(z) * ACT_SCALE


ACT = user_act


def make_model():
    return tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(8, activation=ACT),
                                tf.keras.layers.Dense(1)])


def forward(model, x):
    return model(x)


def params(model):
    return model.trainable_variables


def make_optimizer():
    return tf.keras.optimizers.SGD(0.05)


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


for step in range(16):
    if step == 14:
        ACT_SCALE = 0.0
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
