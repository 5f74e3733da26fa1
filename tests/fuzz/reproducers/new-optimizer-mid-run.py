# janus fuzz reproducer: printed
# plan: {"seed": 2744, "steps": 33, "model": "functional", "act": "tanh", "opt": "adam", "style": "function", "ndarray": false, "ragged": false, "cast": false, "features": [{"name": "model_swap", "seed": 799600213, "u": 3, "at": [31]}]}
# printed: line 32: janus '31 raised AttributeError' vs '31 1.4982552026141194'
# printed: line 33: janus '32 raised AttributeError' vs '32 1.744835906205713'
# variables: MODEL[2][0]<KerasVariable>[0]: janus -0.21922449848910147 vs -0.23921877322417429
# variables: MODEL[2][1]<KerasVariable>[0]: janus 0.0 vs -0.019720744856655103
# variables: MODEL[2][2]<KerasVariable>[0]: janus -0.5028266350331669 vs -0.5228023669383187
# variables: MODEL[2][3]<KerasVariable>[0]: janus 0.0 vs 0.018878628912396875
# state: OPT[2]: janus 0 vs 2
# state: OPT[3]: janus [["KerasVariable", "adam_1/iteration", "int64", [[], [0]]], ["KerasVariable", "adam_1/learning_rate", "float64", [[], ["0.01"]]]] vs [["KerasVariable", "adam_1/iteration", "int64", [[], [2]]], ["KerasVariable", "adam_1/learning_rate", "float64", [[], ["0.01"]]], ["KerasVariabl
# state: loss<Tensor>[0]: janus 0.42734758214430774 vs 1.744835906205713
# janus: interpreted: building raised AttributeError: 'Adam' object has no attribute '_momentums'; graph fraction 0.85
# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE
# janus-python fuzz program, seed 2744
# features: model_swap
# skeleton: model=functional act=tanh opt=adam style=function ndarray=False cast=False ragged=False steps=33
import collections
import contextlib
import dataclasses
import itertools
import random
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2744)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(2744)
N_ROWS = 96
DATA_X = DATA_RNG.normal(size=(N_ROWS, 6))
DATA_Y = DATA_RNG.normal(size=(N_ROWS, 1))
BATCH = 16
XDTYPE = np.float64
ACT = "tanh"


def make_model():
    inputs = tf.keras.Input((6,))
    hidden = tf.keras.layers.Dense(8, activation=ACT)(inputs)
    return tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))


def forward(model, x):
    return model(x)


def params(model):
    return model.trainable_variables


def make_optimizer():
    return tf.keras.optimizers.Adam(0.01)


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


for step in range(33):
    if step == 31:
        MODEL = make_model(); OPT = make_optimizer()
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, "raised", type(exc).__name__)
