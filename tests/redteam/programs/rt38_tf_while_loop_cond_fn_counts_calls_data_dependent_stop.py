"""The step refines a step size with tf.while_loop whose `cond` function is the program's
and counts its own calls in a global dict (COUNT["cond"] += 1) and whose body counts its
calls too.  The stop is data dependent (halve `eta` while the trial loss at W - eta*g is
not below the current loss, at most MAX_HALVINGS times, a global).  Eagerly the cond runs
once per test and the body once per iteration; the counts are printed each step.
MAX_HALVINGS changes 6 -> 2 at step 12 and -> 0 at step 20.  Probes: Python side effects
inside a tf.while_loop's cond and body, a data-dependent trip count."""
import random

import numpy

random.seed(395)
numpy.random.seed(395)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3815)
rng = np.random.default_rng(3815)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = (XS @ np.array([[2.0], [-3.0], [1.0]], np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
COUNT = {"cond": 0, "body": 0}
MAX_HALVINGS = 6


def loss_at(x, y, w):
    return tf.reduce_mean(tf.square(x @ w - y))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_at(x, y, W)
    g = tape.gradient(loss, W)

    def cond(k, eta):
        COUNT["cond"] += 1
        return tf.logical_and(k < MAX_HALVINGS, loss_at(x, y, W - eta * g) >= loss)

    def body(k, eta):
        COUNT["body"] += 1
        return k + 1, eta * 0.5

    k, eta = tf.while_loop(cond, body, (tf.constant(0), tf.constant(1.0)))
    W.assign_sub(eta * g)
    return loss, k, eta


for step in range(28):
    if step == 12:
        MAX_HALVINGS = 2
    elif step == 20:
        MAX_HALVINGS = 0
    i = (step * 8) % 40
    loss, k, eta = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(k), repr(float(eta)), dict(COUNT))

print(json.dumps({"W": W.numpy().ravel().tolist(), "count": COUNT}))
