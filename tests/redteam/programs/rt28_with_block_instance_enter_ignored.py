"""The step enters `with SCOPE:` (the program's own context manager, whose __enter__ returns
a loss multiplier it keeps).  CPython's `with` looks __enter__/__exit__ up on the type, so
an attribute set on the instance is ignored.  At step 15 the loop sets
SCOPE.__enter__ = lambda: 0.25 and SCOPE.__exit__ = (a function that suppresses
everything) on the instance, as a monkeypatching test helper would: eager keeps using
the class's methods.  Probes: special-method lookup of a `with` block in the step."""
import random

import numpy

random.seed(2852)
numpy.random.seed(2852)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2852)
rng = np.random.default_rng(2852)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Scaled:
    def __init__(self, mult):
        self.mult = mult

    def __enter__(self):
        return self.mult

    def __exit__(self, et, ev, tb):
        return False


SCOPE = Scaled(1.0)


def train_step(x, y):
    with SCOPE as mult:
        with tf.GradientTape() as tape:
            h = tf.tanh(x @ W1)
            loss = tf.reduce_mean(tf.square(h @ W2 - y)) * mult
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, mult


for step in range(30):
    if step == 15:
        SCOPE.__enter__ = lambda: 0.25
        SCOPE.__exit__ = lambda et, ev, tb: True
    i = (step * 8) % 56
    loss, mult = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), mult)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
