"""Probes zip() over two program lists while the loop body shrinks and grows them.
zip pulls from its iterators left to right at each step: when the second list is found
exhausted, the first list's iterator has already advanced past one item, and a list
iterator that reached its end never resumes even if the list grows later.  The step
pairs layer names with coefficients, `for name, c in zip(NAMES, COEFS)`, and in the
body drops the *last* coefficient when a name is marked (shortening COEFS under the
live iterator) and appends a name when a coefficient is large.  The visited names and
the coefficient sum feed an L2 term.  The loop refills both lists from templates before every
call and edits the templates at steps 9, 18 and 27.  A graph that zipped snapshots of
the lists would visit other pairs and leave other lists."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2229)
np.random.seed(2229)
keras.utils.set_random_seed(2229)
rng = np.random.default_rng(2229)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) - XS[:, 4:5]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
NAMES_T = ["dense", "x_mark", "bias", "x_mark2"]
COEFS_T = [0.5, 0.25, 2.0, 0.125, 0.0625]
NAMES = []
COEFS = []


def train_step(x, y):
    total = 0.0
    visited = []
    for name, c in zip(NAMES, COEFS):
        visited.append(name)
        total += c
        if name.startswith("x_"):
            COEFS.pop()
        if c > 1.0:
            NAMES.append("extra")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        l2 = tf.add_n([tf.reduce_sum(tf.square(w)) for w in MODEL.trainable_variables])
        total_loss = loss + 0.001 * total * l2
    grads = tape.gradient(total_loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return total_loss, total, visited


for step in range(36):
    if step == 9:
        COEFS_T[:] = COEFS_T[:3]
    if step == 18:
        NAMES_T.insert(0, "x_first")
    if step == 27:
        COEFS_T.extend([3.0, 0.5, 0.5])
    NAMES[:] = NAMES_T
    COEFS[:] = COEFS_T
    i = (step * 8) % 72
    loss, total, visited = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), visited, NAMES, COEFS)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "names": NAMES, "coefs": COEFS,
}))
