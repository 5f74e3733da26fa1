"""Loss assembly with functools.reduce over a generator the step makes: the generator
yields one penalty tensor per layer (printing "yield k"), and the reducer -- a
module-level function `combine`, rebound mid-run -- prints "combine k", appends to a
trace list and raises OverflowError once the number of combined terms exceeds LIMIT (a
global list edited between steps).  CPython's reduce pulls one item, calls the reducer,
pulls the next ..., so yields and combines interleave, and the trace entries made before
the exception persist; the step catches it and uses the partial sum kept in a list.  A
reduce with a tensor initial value and operator.add over Python floats is done too.
LIMIT changes at steps 7, 14 and 22; `combine` is rebound at step 18 to a weighted
version.  Probes: reduce's item/call interleaving with a generator and a reducer raising
part-way, inside the GradientTape of a converted step."""
import random

import numpy

random.seed(4732)
numpy.random.seed(4732)

import functools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4732)
rng = np.random.default_rng(4732)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) * 2.0).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(7, activation="tanh"),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(5, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
LIMIT = [10]
TRACE = []
PARTIAL = []


def penalties():
    for k, layer in enumerate(MODEL.layers):
        print("    yield", k)
        yield tf.reduce_sum(tf.square(layer.kernel))


def combine(acc, term):
    TRACE.append(len(TRACE))
    n = len(PARTIAL) + 1
    print("    combine", n)
    if n > LIMIT[0]:
        raise OverflowError("too many terms: %d" % n)
    out = acc + term
    PARTIAL.append(out)
    return out


def weighted(acc, term):
    TRACE.append(-len(TRACE))
    n = len(PARTIAL) + 1
    print("    weighted", n)
    if n > LIMIT[0]:
        raise OverflowError("too many weighted terms: %d" % n)
    out = acc * 0.5 + term
    PARTIAL.append(out)
    return out


def train_step(x, y):
    PARTIAL.clear()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        try:
            pen = functools.reduce(combine, penalties(), tf.constant(0.0))
        except OverflowError as e:
            print("  overflow", repr(e))
            pen = PARTIAL[-1] if PARTIAL else tf.constant(0.0)
        total = loss + 1e-3 * pen
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    floats = functools.reduce(operator.add, [float(tf.norm(g)) for g in grads], 0.5)
    print("  terms", len(PARTIAL), repr(floats))
    return loss, pen


for step in range(30):
    if step == 7:
        LIMIT[0] = 2
    if step == 14:
        LIMIT[0] = 0
    if step == 18:
        combine = weighted
        LIMIT[0] = 3
    if step == 22:
        LIMIT[0] = 10
    i = (step * 8) % 80
    loss, pen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(pen)), len(TRACE))

print(json.dumps({
    "trace_tail": TRACE[-6:],
    "w": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()[:6]],
}))
