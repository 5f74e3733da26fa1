"""Mechanism: list writes whose source is the list itself.  CPython copies the source
first: `W[1:2] = W` replaces item 1 by a snapshot of the whole list, `W.extend(W)` doubles
it once, and `Q.extend(Q)` on a deque (maxlen=6) appends a snapshot then trims from the
left.  The step does these on the program's lists (W a window of loss weights, Q a
bounded deque of recent scales) and then reads the results (sum, length, first item) to
weight the loss; the loop trims W back to 3 items before each call and rewrites Q at
steps 11 and 22.  A build that ran the slice write or extend lazily over the list while
writing it (an index walk into the changing copy) would make other lists.
"""
import json
import random
from collections import deque

import keras
import numpy as np
import tensorflow as tf

random.seed(103)
np.random.seed(103)
keras.utils.set_random_seed(103)
rng = np.random.default_rng(103)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.7 + XS[:, 2:3] * 0.2).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)

WIN = [0.5, 0.25, 0.125]
Q = deque([1.0, 0.9], maxlen=6)


def train_step(x, y):
    WIN[1:2] = WIN
    WIN.extend(WIN)
    Q.extend(Q)
    wsum = sum(WIN)
    qfirst = Q[0]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (wsum / len(WIN) + qfirst)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, len(WIN), wsum, len(Q), qfirst


for step in range(30):
    del WIN[3:]
    if step == 11:
        Q.clear()
        Q.extend([0.5, 0.4, 0.3])
    if step == 22:
        Q.clear()
        Q.append(2.0)
    i = (step * 8) % 56
    loss, n, ws, nq, qf = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, repr(ws), nq, repr(qf), [repr(v) for v in WIN[:5]])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "win": [repr(v) for v in WIN], "q": [repr(v) for v in Q]}))
