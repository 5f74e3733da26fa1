"""Probes: object death caused by a write to an attribute of another module object.

Trainers often keep run state in a small config module (`import run_state;
run_state.current = ...`).  Here the module is made with types.ModuleType and put in
sys.modules; the step publishes its newest record with `RUN.current = Record(tag)`, an
attribute write on a module object, which drops the record it replaces.  From step 9
the loop registers a weakref.finalize on each published record after the call; the
finalizer prints and appends to a list the step reads right after the write (its
length picks the learning rate).  Eager runs the finalizer at the write.  A module's
attributes live in its __dict__, which is also some function's globals: a shape
between "attribute write" and "global write" for janus's death detector."""
import json
import sys
import types
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1839)
rng = np.random.default_rng(1839)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.tanh(XS) @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)

RUN = types.ModuleType("rt18_run_state")
sys.modules["rt18_run_state"] = RUN
GONE = []


class Record:
    def __init__(self, tag):
        self.tag = tag


RUN.current = Record(-1)


def on_gone(tag):
    GONE.append(tag)
    print("  record", tag, "gone")


def train_step(x, y, tag):
    RUN.current = Record(tag)
    lr = 0.06 if len(GONE) % 3 == 0 else 0.015
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    print("  step", tag, "sees gone", len(GONE), "lr", lr)
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    if step >= 9:
        weakref.finalize(RUN.current, on_gone, RUN.current.tag)
    print(step, repr(float(loss)), "gone", len(GONE))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "gone": GONE,
    "current": RUN.current.tag,
}))
