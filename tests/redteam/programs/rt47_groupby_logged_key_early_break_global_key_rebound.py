"""Block-wise training: the step walks MODEL.layers with itertools.groupby(layers,
key=KEYFN) where KEYFN is a global logging key function (it prints the layer's name and
appends to a list), and trains only the first MAX_BLOCKS groups, breaking out of the
loop early.  CPython's groupby calls the key lazily: the key of the first layer of the
next group is computed (and printed) before the consumer sees the group boundary, and
no key is computed after the break.  Inside a group the step reads just the first
layer's weights with next(g) and leaves the rest of the group unconsumed.  KEYFN is
rebound (step 9: by activation name; step 18: a key that raises ValueError on the last
layer, caught in the step; step 24 back), and MAX_BLOCKS is edited (step 13).  Probes:
groupby key-call timing and count with side effects, exceptions from a key inside a
converted step."""
import random

import numpy

random.seed(4718)
numpy.random.seed(4718)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4718)
rng = np.random.default_rng(4718)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] + XS[:, 1:2]) - 0.3 * XS[:, 3:4]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh", name="enc_a"),
    keras.layers.Dense(6, activation="tanh", name="enc_b"),
    keras.layers.Dense(6, activation="relu", name="mid_a"),
    keras.layers.Dense(4, activation="relu", name="mid_b"),
    keras.layers.Dense(1, name="head"),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
KEYLOG = []
MAX_BLOCKS = [2]


def by_prefix(layer):
    print("    key", layer.name)
    KEYLOG.append(layer.name)
    return layer.name.split("_")[0]


def by_activation(layer):
    print("    key", layer.name)
    KEYLOG.append(layer.name)
    return getattr(layer.activation, "__name__", "?")


def strict_key(layer):
    print("    key", layer.name)
    KEYLOG.append(layer.name)
    if layer.name == "head":
        raise ValueError("no block for " + layer.name)
    return layer.name.split("_")[0]


KEYFN = by_prefix


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    by_var = {id(v): g for g, v in zip(grads, MODEL.trainable_variables)}
    chosen = []
    blocks = []
    try:
        for n, (name, g) in enumerate(itertools.groupby(MODEL.layers, key=KEYFN)):
            if n >= MAX_BLOCKS[0]:
                break
            lead = next(g)
            blocks.append(name)
            chosen.extend(lead.trainable_variables)
    except ValueError as e:
        print("  key error", repr(e))
    pairs = [(by_var[id(v)], v) for v in chosen]
    OPT.apply_gradients(pairs)
    print("  blocks", blocks, len(pairs))
    return loss


for step in range(30):
    if step == 9:
        KEYFN = by_activation
    if step == 13:
        MAX_BLOCKS[0] = 5
    if step == 18:
        KEYFN = strict_key
    if step == 24:
        KEYFN = by_prefix
        MAX_BLOCKS[0] = 1
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(KEYLOG))

print(json.dumps({
    "keylog_tail": KEYLOG[-7:],
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
