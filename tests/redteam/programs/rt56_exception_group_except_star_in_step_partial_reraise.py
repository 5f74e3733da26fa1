"""The step validates each batch with a helper that collects problems and raises them
together as an ExceptionGroup (PEP 654), and handles parts of it with `except*`:
ValueErrors are logged and halve the update, the program's BadBatch skips the update;
a KeyError part is not handled in the step and leaves it as a (smaller) ExceptionGroup,
which the loop catches with its own `except*`.  Which problems a batch has comes from a
program list of flags the loop sets per step (steps 7-8 ValueError, 12 BadBatch, 15
both, 19 all three, 24 KeyError alone, 28 ValueError and KeyError).  The handlers print
`repr()` of the split groups.  Probes: except* (exception-group splitting and partial
re-raise) inside a step, with prints and updates on some paths."""
import random

import numpy

random.seed(5634)
numpy.random.seed(5634)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5634)
rng = np.random.default_rng(5634)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, 2:3] - XS[:, :1] * 0.7).astype(np.float32)


class BadBatch(Exception):
    pass


FLAGS = [False, False, False]
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def check(step):
    errs = []
    if FLAGS[0]:
        errs.append(ValueError("scale"))
    if FLAGS[1]:
        errs.append(BadBatch("rows"))
    if FLAGS[2]:
        errs.append(KeyError("cfg"))
    if errs:
        raise ExceptionGroup("batch %d" % step, errs)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    g = tape.gradient(loss, W)
    factor = 1.0
    try:
        check(step)
    except* ValueError as eg:
        print("value-part", repr(eg))
        factor = 0.5
    except* BadBatch as eg:
        print("bad-part", repr(eg))
        factor = 0.0
    W.assign_sub(0.05 * factor * g)
    return loss, factor


for step in range(32):
    FLAGS[:] = [step in (7, 8, 15, 19, 28), step in (12, 15, 19), step in (19, 24, 28)]
    i = (step * 8) % 120
    try:
        loss, factor = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(float(loss)), factor, repr(float(W.numpy()[0, 0])))
    except* KeyError as eg:
        print(step, "escaped", repr(eg), repr(float(W.numpy()[0, 0])))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()]}))
