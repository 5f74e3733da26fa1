"""A global `itertools.cycle` over learning-rate multipliers is advanced with next() in
every step, and an `itertools.count` numbers the steps; at step 15 the cycle is replaced
by a new one over other values.  Probes: C iterator objects whose state is advanced by
the step (a write no dict records)."""
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

import itertools
CYC = itertools.cycle([1.0, 0.5, 0.25])
CNTR = itertools.count(100, 3)
SEEN = []


def train_step(x, y):
    m = next(CYC)
    k = next(CNTR)
    SEEN.append((m, k))
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * m
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, m, k


for step in range(30):
    if step == 15:
        CYC = itertools.cycle([2.0, 0.1])
    i = (step * 8) % 56
    loss, m, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), m, k)
nxt = (next(CYC), next(CNTR))


def summary():
    return {"seen": SEEN, "next": nxt}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
