"""next() of an itertools.count made outside the step (janus/build/generators.py): two counts
(one with a step), printed after they moved, moved by the program between calls and
replaced by a new count; a step whose speculated branch fails after its next() calls
(the count must move once, by the interpreter's re-run); and next() inside a branch on
a tensor, refused.  Under janus and JANUS_MODE=off; prints lines, then one JSON
document."""

import itertools
import json

import tensorflow as tf

STEPS = 14
IT = itertools.count(5)
BY_THREE = itertools.count(0, 3)
W = tf.Variable([1.0, 2.0], dtype=tf.float64)
results = {}


def record(name, value):
    results.setdefault(name, []).append(
        value.numpy().tolist() if isinstance(value, tf.Tensor) else value)


def tick_step(x):
    a = next(IT)
    b = next(IT)
    c = next(BY_THREE)
    print("ticks", a, b, c, IT)
    return tf.reduce_sum(x * W) + a * 0.5 + b + c


FAILING = itertools.count(0)


def failing_step(x, sign):
    tick = next(FAILING)
    total = tf.reduce_sum(x) * sign
    if total > -100.0:
        total = total + tick
    return total


IN_ARM = itertools.count(0)


def in_arm_step(x):
    if tf.reduce_sum(x) > 3.0:
        return tf.reduce_sum(x) + next(IN_ARM)
    return tf.reduce_sum(x)


for i in range(STEPS):
    x = tf.constant([1.0, float(i)], tf.float64)
    if i == 7:
        next(IT)
    if i == 10:
        IT = itertools.count(1000)
    record("tick", tick_step(x))
    record("failing", failing_step(x, 1.0 if i != 9 else -1e6))
    record("in_arm", in_arm_step(x))

results["counts"] = [repr(IT), repr(BY_THREE), repr(FAILING), repr(IN_ARM)]
print(json.dumps(results))
