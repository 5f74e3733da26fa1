"""A hand-written SGD over raw tf.Variables: the step calls `v.assign_sub(lr * g)` on
each.  A tf.Variable takes instance attributes, and one named `assign_sub` shadows the
class's method for the step's own call.  Between calls the loop sets a damped
replacement on the bias variable (step 7: a program function that closes over the
variable and calls the class's method with half the delta), replaces it with a
functools.partial of a module-level helper that reads a global factor (step 13),
changes that factor (step 18), and deletes the instance attribute (step 24).
Probes: a method of a tf.Variable shadowed by an instance attribute the step's own
call finds (closure, partial), set, replaced and deleted between converted calls."""
import random

import numpy

random.seed(5523)
numpy.random.seed(5523)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5523)
rng = np.random.default_rng(5523)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 1.5).astype(np.float32)

W = tf.Variable(np.zeros((3, 1), np.float32), name="w")
B = tf.Variable(np.zeros((1,), np.float32), name="b")
FACTOR = 2.0
CLASS_SUB = type(B).assign_sub


def make_damped(var):
    def damped(delta):
        return CLASS_SUB(var, delta * 0.5)
    return damped


def scaled_sub(var, delta):
    return CLASS_SUB(var, delta * FACTOR)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.1 * gw)
    B.assign_sub(0.1 * gb)
    return loss


for step in range(30):
    if step == 7:
        B.assign_sub = make_damped(B)
    if step == 13:
        B.assign_sub = functools.partial(scaled_sub, B)
    if step == 18:
        FACTOR = 0.1
    if step == 24:
        del B.assign_sub
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(B.numpy()[0])), "assign_sub" in vars(B))

print(json.dumps({"w": [repr(float(t)) for t in W.numpy().ravel()], "b": repr(float(B.numpy()[0]))}))
