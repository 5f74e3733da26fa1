"""A hand-written gradient-descent step with a backtracking (Armijo) line search: after
the tape gives the gradient, `tf.while_loop` shrinks the step size while the loss at the
trial point is not low enough.  cond and body are nested functions closing over the
step's locals: the current loss, the squared gradient norm, the gradient itself, the
batch, and the Armijo constant `c1`, a Python float the step reads from a config dict
that the caller changes at step 12.  The trip count depends on the data, so the loop is a
real While op.  The body computes trial losses from the weights but is outside the tape.
Probes: tf.while_loop whose cond/body close over step locals, a data-dependent number of
iterations, a Python float read through the closure."""
import random

import numpy

random.seed(4320)
numpy.random.seed(4320)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4320)
rng = np.random.default_rng(4320)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)) + 0.1 * rng.normal(size=(128, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32))
CONFIG = {"c1": 1e-4, "shrink": 0.5, "t0": 4.0}
TRIPS = []


def loss_at(w, x, y):
    return tf.reduce_mean(tf.square(x @ w - y))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_at(W, x, y)
    (g,) = tape.gradient(loss, [W])
    gnorm2 = tf.reduce_sum(g * g)
    c1 = CONFIG["c1"]
    shrink = CONFIG["shrink"]

    def cond(t, n):
        return tf.logical_and(loss_at(W - t * g, x, y) > loss - c1 * t * gnorm2, n < 30)

    def body(t, n):
        return t * shrink, n + 1

    t, n = tf.while_loop(cond, body, (tf.constant(CONFIG["t0"]), tf.constant(0)))
    W.assign_sub(t * g)
    return loss, t, n


for step in range(30):
    if step == 12:
        CONFIG["c1"] = 0.3
    i = (step * 16) % 112
    loss, t, n = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    TRIPS.append(int(n))
    print(step, repr(float(loss)), repr(float(t)), int(n))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "trips": TRIPS}))
