"""Divergence handling with exception chaining: the step computes the loss, and a helper
`check(lf)` raises the program's `Diverged` when the Python loss exceeds a limit; the step
catches it, records the event, restores the weights from a snapshot variable and
re-raises a `StepSkipped` from it (`raise StepSkipped(...) from e`).  The caller catches
StepSkipped, prints the message and the type of its `__cause__`, and goes on.  The step
also prints a line before the check.  The limit drops at step 12 so that the exception
path starts after conversion.  Probes: an exception raised on a graph-computed Python
number, caught, and re-raised with a cause out of the step, after prints and a write."""
import random

import numpy

random.seed(4345)
numpy.random.seed(4345)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4345)
rng = np.random.default_rng(4345)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
SNAP = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
LIMIT = 100.0
EVENTS = []


class Diverged(Exception):
    pass


class StepSkipped(Exception):
    pass


def check(lf):
    if lf > LIMIT:
        raise Diverged("loss %.3f above %.3f" % (lf, LIMIT))


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    lf = float(loss)
    print("step", step, "loss", repr(lf))
    try:
        check(lf)
    except Diverged as e:
        EVENTS.append(step)
        W.assign(SNAP)
        raise StepSkipped("skipped step %d" % step) from e
    SNAP.assign(W)
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(30):
    if step == 12:
        LIMIT = 0.6
    i = (step * 16) % 112
    try:
        loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), step)
        print(step, "ok", repr(float(loss)))
    except StepSkipped as e:
        print(step, "skipped", str(e), type(e.__cause__).__name__, str(e.__cause__))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "events": EVENTS}))
