"""The step builds a string key ("lr_" + str(phase)), a tuple (phase, 2), a float
(phase * 0.5) and a big int (phase * 10**6) from a Python phase global, and compares each
with `is` against the object the previous call stored in a global (equal values; eagerly
each call makes new objects, so `is` is False except where CPython caches).  The phase
changes every 10 steps.  Probes: identity of Python objects a converted step makes vs
constants folded at build time."""
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

PHASE = 1
PREV = None
SAME = []


def train_step(x, y):
    global PREV
    key = "lr_" + str(PHASE)
    tup = (PHASE, 2)
    fl = PHASE * 0.5
    big = PHASE * 10 ** 6
    small = PHASE + 1
    if PREV is not None:
        SAME.append((key is PREV[0], tup is PREV[1], fl is PREV[2], big is PREV[3], small is PREV[4],
                     key == PREV[0]))
    PREV = (key, tup, fl, big, small)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * fl
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    PHASE = 1 + step // 10
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), SAME[-1] if SAME else None)
prev_repr = repr(PREV)
del PREV


def summary():
    return {"same": SAME, "prev": prev_repr}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
