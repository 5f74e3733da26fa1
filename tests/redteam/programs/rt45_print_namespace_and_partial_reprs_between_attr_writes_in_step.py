"""A run-state object kept as a types.SimpleNamespace and the parsed options as an
argparse.Namespace: the step updates fields of both, prints them (their reprs are
library code: C for SimpleNamespace, argparse's Python `__repr__`), then updates them
again.  It also prints a functools.partial whose keyword dict the loop edits in place
at step 9 and whose function the step calls.  At step 15 the loop adds a new field to
the SimpleNamespace, which its repr then shows.  Probes: prints of library objects
whose text is made by library code reading attributes the step writes before and after
the print in the same call (eager prints the state at the print)."""
import random

import numpy

random.seed(4504)
numpy.random.seed(4504)

import argparse
import functools
import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4504)
rng = np.random.default_rng(4504)
XS = rng.normal(size=(72, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) * 0.4).astype(np.float32)

W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.2)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)
STATE = types.SimpleNamespace(calls=0, phase="warm", best=10.0)
ARGS = argparse.Namespace(clip=1.0, tag="run", seen=0)


def penalty(v, *, factor):
    return v * factor


SCALE = functools.partial(penalty, factor=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y))
        loss = mse + SCALE(tf.reduce_sum(tf.square(W)))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    STATE.calls = STATE.calls + 1
    ARGS.seen = ARGS.seen + 2
    print("  state", STATE, "args", ARGS)
    print("  scale", SCALE.keywords, SCALE.args)
    STATE.phase = "main" if STATE.calls > 6 else "warm"
    if STATE.calls % 4 == 0:
        STATE.best = STATE.best * 0.5
    ARGS.seen = ARGS.seen - 1
    return loss


for step in range(22):
    if step == 9:
        SCALE.keywords["factor"] = 0.125
    if step == 15:
        STATE.note = "late"
    i = (step * 6) % 66
    loss = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)), STATE, ARGS)

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "state": vars(STATE),
                  "args": vars(ARGS)}))
