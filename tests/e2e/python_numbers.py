"""Python numbers inside converted steps, under janus and JANUS_MODE=off
(docs/soundness.md#python-numbers-in-graphs).

One training step per pattern the review found wrong: promoted floats compared
(early stopping), a relaxed batch dimension used as a Python int, an int counter pushed
past int64, division by zero caught by the program, NaN to int, Python numbers handed to
TF ops (their dtypes), and floor division / modulo signs.  Each step's Python results,
the exceptions the program caught and the state are printed as one JSON document.
"""

import json
import math
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
from typed import typed  # noqa: E402

tf.keras.utils.set_random_seed(3)
results = {}


def record(name, value):
    results.setdefault(name, []).append(typed(value))


class Stats:
    pass


s = Stats()
s.best, s.stale, s.h, s.hits, s.trials, s.seen, s.k = 1e9, 0, 1, 0, 3, 0, 0.5
s.caught = []
w = tf.Variable([0.5, -0.25], dtype=tf.float64)


def early_stop_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * tf.reduce_mean(x, axis=0)) ** 2
    w.assign_sub(0.05 * tape.gradient(loss, w))
    value = float(loss)
    if value < s.best:              # both promoted floats: compared as floats
        s.best = value
        s.stale = 0
    else:
        s.stale += 1
    return value > 0.015, s.stale


def batch_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(w * tf.reduce_mean(x, axis=0))
    w.assign_sub(0.01 * tape.gradient(loss, w))
    s.seen += x.shape[0]            # a relaxed dimension is a Python int
    return x.shape[0], s.seen


def overflow_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(w * tf.reduce_mean(x, axis=0))
    w.assign_sub(0.01 * tape.gradient(loss, w))
    s.h = s.h * 31 + 7              # passes 2**63 after 13 calls: Python ints grow
    return s.h


def ratio_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(w * tf.reduce_mean(x, axis=0))
    w.assign_sub(0.01 * tape.gradient(loss, w))
    s.hits += 1
    try:
        ratio = s.hits / s.trials
    except ZeroDivisionError:
        s.caught.append(("ZeroDivisionError", s.hits))
        ratio = -1.0
    return ratio, s.hits // 4, s.hits % -4, -s.hits // 3, float(s.hits) % 0.7


def nan_step(x, scale):
    with tf.GradientTape():
        loss = tf.reduce_mean(w * tf.reduce_mean(x, axis=0)) * scale
    try:
        bucket = int(tf.minimum(tf.abs(loss), 3.0))   # NaN: ValueError, as in Python
    except ValueError:
        s.caught.append(("ValueError", "nan"))
        bucket = -1
    return bucket


def dtype_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(w * tf.reduce_mean(x, axis=0))
    w.assign_sub(0.01 * tape.gradient(loss, w))
    s.k = s.k + 0.25
    e = tf.exp(-s.k)                # eager: float32
    c = tf.convert_to_tensor(s.k)   # a tensor, not a Python float
    i = tf.constant(s.hits)         # int32
    return e, c, i                  # typed() records each one's type and dtype


for step in range(24):
    n = 5 if step % 3 else 7
    x = tf.random.normal((n, 2), dtype=tf.float64)
    if step == 14:
        s.trials = 0
    if step == 18:
        s.trials = 2
    record("early_stop", early_stop_step(x))
    record("batch", batch_step(x))
    record("overflow", overflow_step(x))
    record("ratio", ratio_step(x))
    record("nan", nan_step(x, math.nan if step in (16, 17) else 1.0))
    record("dtype", dtype_step(x))

results["state"] = typed(vars(s))
results["w"] = w.numpy().tolist()
if os.environ.get("JANUS_MODE", "on") != "off":
    import janus
    results["janus"] = {name.split(" ")[0]: entry for name, entry in janus.stats().items()}
print(json.dumps(results))
