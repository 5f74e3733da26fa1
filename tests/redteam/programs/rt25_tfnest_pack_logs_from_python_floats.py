"""The step assembles its log record with tf.nest, as generic training loops do: the
Python floats it computes (`float(loss)`, `float(err)`, a step count) are packed into
the structure of a template, `logs = tf.nest.pack_sequence_as(TEMPLATE, flat)`, and
cleaned with `tf.nest.map_structure(abs, logs)`; the record is appended to HISTORY.
tf.nest hands back the very Python objects it was given (floats and ints).  The loop
prints the record's types and values and dumps the history as JSON at the end.  At step
10 the loop switches the template to another key order.  Probes: Python numbers the
graph carries passing through library structure utilities and stored by the program."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2526)
rng = np.random.default_rng(2526)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
TEMPLATE = {"loss": 0.0, "err": 0.0, "n": 0}
HISTORY = []


class Counter:
    def __init__(self):
        self.n = 0


CNT = Counter()


def train_step(x, y):
    with tf.GradientTape() as tape:
        res = x @ W - y
        loss = tf.reduce_mean(tf.square(res))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    CNT.n += 1
    flat = [float(tf.reduce_min(res)), float(loss), CNT.n]
    logs = tf.nest.pack_sequence_as(TEMPLATE, flat)
    logs = tf.nest.map_structure(abs, logs)
    HISTORY.append(logs)
    return loss


for step in range(22):
    if step == 10:
        TEMPLATE = {"n": 0, "loss": 0.0, "err": 0.0}
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    rec = HISTORY[-1]
    print(step, repr(float(loss)), sorted((k, type(v).__name__) for k, v in rec.items()))

try:
    print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "history": HISTORY[-3:]}))
except TypeError as e:
    print("json failed:", type(e).__name__)
