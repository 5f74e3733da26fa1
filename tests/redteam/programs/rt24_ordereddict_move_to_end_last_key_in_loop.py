"""Mechanism: iterating an OrderedDict of loss terms with `for k, w in TERMS.items()`
while the body calls `TERMS.move_to_end(k)` for the key named by HOT.  CPython's
OrderedDict only relinks (and bumps its mutation state) when the key is NOT already last:
move_to_end of the last key is a no-op, the iteration goes on and nothing is raised; for
any other key the next pull raises "OrderedDict mutated during iteration" (the step
catches it and records it).  The loop sets HOT to the last key (steps 0-9), the first key
(10-19), then `move_to_end(k, last=False)` of the first key (20-29, also a no-op).  A
graph that counted every move_to_end as a reorder (or none) records other errors.
"""
import json
import random
from collections import OrderedDict

import keras
import numpy as np
import tensorflow as tf

random.seed(127)
np.random.seed(127)
keras.utils.set_random_seed(127)
rng = np.random.default_rng(127)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)

TERMS = OrderedDict([("mse", 1.0), ("l1", 0.05), ("l2", 0.1)])
HOT = "l2"
LAST = True
ERRS = []


def train_step(x, y):
    total = 0.0
    seen = 0
    try:
        for k, w in TERMS.items():
            total += w * (seen + 1)
            seen += 1
            if k == HOT:
                TERMS.move_to_end(k, last=LAST)
    except RuntimeError as e:
        ERRS.append(str(e))
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * total
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, total, seen


for step in range(30):
    if step < 10:
        HOT = list(TERMS)[-1]
    elif step < 20:
        HOT = list(TERMS)[0]
    else:
        HOT = list(TERMS)[0]
        LAST = False
    i = (step * 8) % 56
    loss, total, seen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), seen, list(TERMS), len(ERRS))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "terms": list(TERMS), "errs": ERRS}))
