"""Mechanism: a Keras MeanMetricWrapper around the program's metric function
`def banded_error(y, p, edges=EDGES)` (a mutable default list) created with an extra
keyword in its fn kwargs (`scale=SCALE`, a one-item list).  The training step updates the
metric after the optimizer step and returns `metric.result()`; Keras calls the fn back as
fn(y, p, **self._fn_kwargs).  The loop edits the default list in place at step 9 (a new
edge appended) and step 19 (an edge moved), and the kwargs' list at step 14, and resets
the metric every 10 steps.  Eager reads both lists at every update; a graph that kept
either as a constant reports other metric values.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(83)
np.random.seed(83)
keras.utils.set_random_seed(83)
rng = np.random.default_rng(83)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4] * 0.5).astype(np.float32)

EDGES = [0.1, 0.5]
SCALE = [1.0]


def banded_error(y, p, edges=EDGES, scale=None):
    err = tf.abs(y - p)
    total = tf.zeros_like(err)
    for e in edges:
        total = total + tf.cast(err > e, tf.float32)
    return total * scale[0]


METRIC = keras.metrics.MeanMetricWrapper(fn=banded_error, name="band", scale=SCALE)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = x @ W
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    METRIC.update_state(y, x @ W)
    return loss, METRIC.result()


for step in range(30):
    if step % 10 == 0:
        METRIC.reset_state()
    if step == 9:
        EDGES.append(1.0)
    if step == 14:
        SCALE[0] = 10.0
    if step == 19:
        EDGES[0] = 0.05
    i = (step * 8) % 56
    loss, m = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(m)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "metric": repr(float(METRIC.result())), "edges": EDGES, "scale": SCALE}))
