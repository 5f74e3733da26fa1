"""The step computes a penalty through a recursive Python helper `chain(h, d)` (d levels of
h*0.99), inside try/except RecursionError.  DEPTH is 20 until step 12, then 5000 (beyond
the recursion limit eagerly: the handler runs and the penalty is 0), then 30 again at
step 20.  Probes: how deep recursion the builder inlines vs CPython's recursion limit,
and the handler run on a RecursionError."""
import random
import numpy
random.seed(7); numpy.random.seed(7)
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def hexs(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]

import sys
DEPTH = 20
HITS = []


def chain(t, d):
    if d == 0:
        return t
    return chain(t * 0.99, d - 1)


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        try:
            pen = tf.reduce_mean(chain(h, DEPTH)) * 0.01
        except RecursionError:
            HITS.append(k)
            pen = 0.0
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + pen
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 12:
        DEPTH = 5000
    if step == 20:
        DEPTH = 30
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, float(loss).hex(), len(HITS))


def summary():
    return {"hits": HITS, "limit": sys.getrecursionlimit()}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
