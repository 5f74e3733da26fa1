"""A step that logs per-sample losses into a global list `TRACE` and a bounded window
`WINDOW = deque(maxlen=5)` with `extend()` of generators that walk the batch's losses
and raise ValueError at the index the global `CUT` names (an outlier filter).  list.extend
and deque.extend consume the generator item by item: the items before the exception
stay (for the deque, having already evicted old items), which the step catches and
prints.  The step trains on the batch either way.  The loop sets CUT to 2 at step 7,
to 0 at step 13, to None at step 19 and to 6 at step 25.
Probes: list.extend() and deque(maxlen).extend() from generators made in the step that
raise part-way: the partial extends (and the maxlen evictions they caused) kept exactly
as CPython keeps them; Python floats computed from the graph in the items."""
import random

import numpy

random.seed(5505)
numpy.random.seed(5505)

import json
from collections import deque

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5505)
rng = np.random.default_rng(5505)
XS = rng.normal(size=(120, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)

W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
B = tf.Variable([0.1], dtype=tf.float32)
TRACE = []
WINDOW = deque([0.0] * 5, maxlen=5)
CUT = None
CAUGHT = []


def filtered(values, tag):
    for j, v in enumerate(values):
        if j == CUT:
            raise ValueError(f"{tag}: outlier at {j}")
        yield round(v, 5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        per = tf.square(x @ W + B - y)[:, 0]
        loss = tf.reduce_mean(per)
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.1 * gw)
    B.assign_sub(0.1 * gb)
    vals = [float(per[0]), float(per[1]), float(per[2]), float(per[3])]
    try:
        TRACE.extend(filtered(vals, "trace"))
    except ValueError as e:
        CAUGHT.append(str(e))
    try:
        WINDOW.extend(filtered(vals, "window"))
    except ValueError as e:
        CAUGHT.append(str(e))
    return loss


for step in range(30):
    if step == 7:
        CUT = 2
    if step == 13:
        CUT = 0
    if step == 19:
        CUT = None
    if step == 25:
        CUT = 6
    i = (step * 8) % 112
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(TRACE), TRACE[-3:], list(WINDOW), CAUGHT[-2:])

print(json.dumps({"trace_len": len(TRACE), "window": list(WINDOW), "caught": len(CAUGHT),
                  "w": [repr(float(t)) for t in W.numpy().ravel()]}))
