"""The step prints the list of active loss terms before the update: print("  terms",
ACTIVE).  list.__repr__ calls repr() on each item, and from step 15 one item is a str
subclass whose __repr__ (the program's code) shows the live weight it regularizes, as it
is at that point of the step (before this step's update).  Probes: a printed container
of str-typed items whose repr runs program code, replayed after the graph."""
import random

import numpy

random.seed(2841)
numpy.random.seed(2841)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2841)
rng = np.random.default_rng(2841)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class WatchedTerm(str):
    def __repr__(self):
        return f"<{str.__str__(self)} w={float(W2[0, 0])!r}>"


ACTIVE = ["mse", "l2"]


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + 1e-3 * tf.reduce_sum(W1 * W1)
    print("  terms", ACTIVE)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        ACTIVE[1] = WatchedTerm("l2")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
