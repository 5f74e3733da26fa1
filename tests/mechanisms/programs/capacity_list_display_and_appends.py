"""sys.getsizeof of lists the step makes and stores: a display of five items (exactly
five slots), five appends (room for eight), a comprehension (grown item by item), and
list(range(...)) of the step's size.  The rebuilt lists must have the room eager's have."""
import random
import sys

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(3)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
SIZES = {"n": 5}


class Store:
    shown = grown = popped = ranged = None


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    v = float(loss)
    Store.shown = [v, v, v, v, v]
    grown = []
    for k in range(SIZES["n"]):
        grown.append(v * k)
    Store.grown = grown
    Store.popped = [v * k for k in range(SIZES["n"] + 2)]
    Store.ranged = list(range(SIZES["n"]))
    return loss


for i in range(24):
    if i == 12:
        SIZES["n"] = 9
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), [sys.getsizeof(x) for x in
                                 (Store.shown, Store.grown, Store.popped, Store.ranged)])
