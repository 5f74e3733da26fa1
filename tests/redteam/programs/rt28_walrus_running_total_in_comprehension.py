"""The step computes per-term losses, then a running total with an assignment expression
inside a list comprehension, [(total := total + float(t)) for t in terms], which binds
`total` in the step's own scope (PEP 572), and a second comprehension whose walrus
records the last regularizer term's name and value (`last_big`, `peak`), read after the
comprehension.  At
step 15 the loop adds a fourth term to TERMS.  Probes: comprehension-scoped walrus
bindings (inlined comprehensions, PEP 709) with numbers the graph computes."""
import random

import numpy

random.seed(2828)
numpy.random.seed(2828)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2828)
rng = np.random.default_rng(2828)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TERMS = ["mse", "l2", "act"]


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        parts = {
            "mse": tf.reduce_mean(tf.square(h @ W2 - y)),
            "l2": 1e-2 * tf.reduce_sum(W1 * W1),
            "act": 1e-2 * tf.reduce_mean(tf.square(h)),
            "l1": 1e-2 * tf.reduce_sum(tf.abs(W2)),
        }
        terms = [parts[k] for k in TERMS]
        loss = tf.add_n(terms)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    total = 0.0
    running = [(total := total + float(t)) for t in terms]
    last_big = None
    flags = [(last_big := k) for k, t in zip(TERMS, terms) if k != "mse" and (peak := float(t)) >= 0.0]
    return loss, running, total, last_big, (len(flags), peak)


for step in range(30):
    if step == 15:
        TERMS.append("l1")
    i = (step * 8) % 56
    loss, running, total, last_big, nflag = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(r) for r in running], repr(total), last_big, nflag)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
