"""Mechanism: iterating a defaultdict(float) of per-term loss weights with
`for k, w in TERMS.items()` while the body READS a key that may be missing,
`TERMS[k + "_bias"]`: a defaultdict read of a missing key inserts it (default_factory),
so the dict's size changes and the iterator's next pull raises "dictionary changed size
during iteration" (the step catches it).  Whether the key is missing depends on the loop:
it deletes all "_bias" keys before steps 0-9 and 20-29 and leaves them in place for
10-19 (reads then insert nothing).  A graph that treated the subscript as a pure read, or
checked the size only at the end, prints other counts and trains another loss.
"""
import json
import random
from collections import defaultdict

import keras
import numpy as np
import tensorflow as tf

random.seed(113)
np.random.seed(113)
keras.utils.set_random_seed(113)
rng = np.random.default_rng(113)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 1.3 - 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)

TERMS = defaultdict(float)
TERMS["mse"] = 1.0
TERMS["l2"] = 0.1


def train_step(x, y):
    total = 0.0
    visited = 0
    status = "ok"
    try:
        for k, w in TERMS.items():
            if k.endswith("_bias"):
                continue
            total += w + TERMS[k + "_bias"]
            visited += 1
    except RuntimeError:
        status = "changed"
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W + B - y))
        loss = mse * total + 0.01 * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, total, visited, status


for step in range(30):
    if step < 10 or step >= 20:
        for k in [k for k in TERMS if k.endswith("_bias")]:
            del TERMS[k]
    elif step == 10:
        TERMS["mse_bias"] = 0.5
        TERMS["l2_bias"] = 0.0
    i = (step * 8) % 56
    loss, total, visited, status = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), visited, status, sorted(TERMS))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "B": [repr(float(v)) for v in B.numpy().ravel()],
                  "terms": sorted([k, repr(v)] for k, v in TERMS.items())}))
