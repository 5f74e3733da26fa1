# the program's own tf.function traced under ragged batches, with a tf.debugging.check_numerics before it that fails on some calls: a build for a batch size eager had not traced yet traced the function where eager's call raised before reaching it, baking in an older global (make fuzz N=500 SEED=271126, program seed 271555; fixed by program_functions.no_new_traces)
# janus-python fuzz program, seed 271555
# features: check_numerics, own_tf_function
# skeleton: model=raw act=tanh opt=sgd style=function ndarray=False cast=False ragged=True steps=50
import collections
import contextlib
import dataclasses
import itertools
import random
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(271555)
tf.keras.backend.set_floatx("float64")
DATA_RNG = np.random.default_rng(271555)
N_ROWS = 100
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


NUM_1 = 1.0


TRACES_2 = []
GAIN_2 = 1.0


@tf.function
def traced_2(t):
    TRACES_2.append(tuple(t.shape))
    return t * GAIN_2


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
        loss = tf.debugging.check_numerics(loss * NUM_1, 'loss1')
        loss = loss + 0.01 * tf.reduce_mean(traced_2(pred))
    variables = params(MODEL)
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(50):
    if step == 9:
        NUM_1 = float('nan')
    if step == 13:
        NUM_1 = 1.0
    if step == 15:
        GAIN_2 = 2.0
    x, y = batch_at(step)
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)))
    except Exception as exc:
        print(step, 'raised', type(exc).__name__)
