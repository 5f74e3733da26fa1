"""Batches cycle through sizes 8, 7, 6 so a cache may relax the batch dimension.  The step
takes `len(x)`, `tf.unstack(x)` (no num=) and sums a per-row Python loop over the
unstacked rows with a per-row weight from a Python list indexed by position.  Eagerly
all of these are fine at every size; in a graph with an unknown first dimension len()
and unstack() cannot be answered.  Probes: static shapes after relaxation."""
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

ROWW = [1.0 + 0.1 * k for k in range(8)]
LENS = []


def train_step(x, y):
    n = len(x)
    LENS.append(n)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        rows = tf.unstack(h @ W2 - y)
        loss = 0.0
        for k, r in enumerate(rows):
            loss = loss + ROWW[k] * tf.reduce_sum(tf.square(r))
        loss = loss / n
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, n


for step in range(30):
    b = [8, 7, 6][step % 3]
    i = (step * 8) % 56
    loss, n = train_step(tf.constant(XS[i:i + b]), tf.constant(YS[i:i + b]))
    print(step, n, float(loss).hex())


def summary():
    return {"lens": LENS}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
