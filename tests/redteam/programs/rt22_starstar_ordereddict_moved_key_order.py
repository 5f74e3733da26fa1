"""Probes `f(**OD)` with a collections.OrderedDict whose order the loop changes with
move_to_end().  CPython's ** unpacking reads an OrderedDict through its keys() (its
own linked order), not through the dict's storage, which keeps insertion order; after
`OD.move_to_end("l1", last=False)` the two orders differ.  The callee collects
**weights and iterates them: the order decides the printed list of names and the order
in which the float terms are added (the loss's last bits, and thus the training), and
the first name gets a doubled weight.  The loop moves keys at steps 8, 17 and 26 and
changes a value at step 21.  A graph that merged the keywords in storage order would
print other names first and train other weights."""
import collections
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2237)
np.random.seed(2237)
keras.utils.set_random_seed(2237)
rng = np.random.default_rng(2237)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.7 + XS[:, 1:2] ** 2 * 0.2).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu", name="l0"),
                          keras.layers.Dense(8, activation="relu", name="l1"),
                          keras.layers.Dense(1, name="l2")])
OPT = keras.optimizers.SGD(learning_rate=0.03)
OD = collections.OrderedDict([("l0", 0.003), ("l1", 0.0021), ("l2", 0.0007)])
ORDERS = []


def combine(base, **weights):
    names = []
    total = base
    first = True
    for name in weights:
        names.append(name)
        k = MODEL.get_layer(name).kernel
        total = total + (2.0 if first else 1.0) * weights[name] * tf.reduce_sum(tf.square(k))
        first = False
    ORDERS.append("".join(n[-1] for n in names))
    return total


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(MODEL(x) - y))
        loss = combine(mse, **OD)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 8:
        OD.move_to_end("l1", last=False)
    if step == 17:
        OD.move_to_end("l0")
    if step == 21:
        OD["l2"] = 0.004
    if step == 26:
        OD.move_to_end("l2", last=False)
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ORDERS[-1], list(OD))

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "orders": ORDERS,
}))
