"""Layer selection through operator's sequence functions applied to *iterators* the step
makes and to a program object with its own __contains__: operator.indexOf(gen, target)
over a generator of layer names (each yield printed) stops pulling at the first match,
so a later `list(gen)` gets only the names after it; operator.countOf(gen2, "dense")
drains a second generator; operator.contains(FROZEN, name) on a FrozenSet-like class
whose __contains__ logs every query (so the number and order of queries are visible);
and operator.indexOf raising ValueError for a missing name, caught in the step.  TARGET
(a global str) is rebound at steps 8 and 19 (once to a name no layer has), and the
FROZEN object's set is edited at step 13.  Probes: how far operator.indexOf/countOf
consume a generator made in a converted step, and a user __contains__ called through
operator.contains."""
import random

import numpy

random.seed(4731)
numpy.random.seed(4731)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4731)
rng = np.random.default_rng(4731)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 2:3] + XS[:, 3:4]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh", name="stem"),
    keras.layers.Dense(6, activation="tanh", name="body"),
    keras.layers.Dense(4, activation="tanh", name="neck"),
    keras.layers.Dense(1, name="head"),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)


class Frozen:
    def __init__(self, names):
        self.names = set(names)
        self.queries = []

    def __contains__(self, name):
        self.queries.append(name)
        return name in self.names


FROZEN = Frozen({"stem"})
TARGET = "body"


def names():
    for layer in MODEL.layers:
        print("    name", layer.name)
        yield layer.name


def kinds():
    for layer in MODEL.layers:
        yield "dense" if layer.name != "head" else "out"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    gen = names()
    try:
        pos = operator.indexOf(gen, TARGET)
    except ValueError as e:
        print("  not found", repr(e))
        pos = len(MODEL.layers) - 1
    after = list(gen)
    n_dense = operator.countOf(kinds(), "dense")
    pairs = []
    for li, layer in enumerate(MODEL.layers):
        if operator.contains(FROZEN, layer.name):
            continue
        f = 2.0 if li == pos else 1.0
        pairs.append((grads[2 * li] * f, MODEL.trainable_variables[2 * li]))
        pairs.append((grads[2 * li + 1] * f, MODEL.trainable_variables[2 * li + 1]))
    OPT.apply_gradients(pairs)
    print("  pos", pos, "after", after, n_dense, len(pairs), len(FROZEN.queries))
    return loss


for step in range(30):
    if step == 8:
        TARGET = "neck"
    if step == 13:
        FROZEN.names.add("body")
        FROZEN.names.discard("stem")
    if step == 19:
        TARGET = "tail"
    if step == 25:
        TARGET = "stem"
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "queries_tail": FROZEN.queries[-5:],
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
}))
