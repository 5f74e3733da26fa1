"""Gradient accumulation written by hand: each call adds the batch gradients into
accumulator variables and bumps a tf.Variable counter; when `counter % K == 0` (a
branch on a tensor; K is a Python global) an Adam optimizer applies the averaged
accumulators, the accumulators are zeroed, and a Python attribute counting the applies
and remembering the last applied loss (a float) is written in that arm only.  At call
12 the loop changes K from 3 to 2, at call 22 to 4.  Prints the loss, counter, apply
count, Adam's iteration count and the norm of the accumulators.  Probes: an optimizer
apply and variable resets in one arm of a branch on a tensor, with a Python divisor
changed mid-run."""
import random

import numpy

random.seed(396)
numpy.random.seed(396)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(396)
rng = np.random.default_rng(396)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = np.sin(XS @ rng.normal(size=(5, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
VARS = [W1, W2]
ACC = [tf.Variable(tf.zeros_like(v)) for v in VARS]
COUNTER = tf.Variable(0, dtype=tf.int64)
OPT = keras.optimizers.Adam(learning_rate=0.01)
K = 3


class Log:
    applies = 0
    last_loss = -1.0


LOG = Log()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, VARS)
    for a, g in zip(ACC, grads):
        a.assign_add(g)
    COUNTER.assign_add(1)
    if COUNTER % K == 0:
        OPT.apply_gradients([(a / float(K), v) for a, v in zip(ACC, VARS)])
        for a in ACC:
            a.assign(tf.zeros_like(a))
        LOG.applies += 1
        LOG.last_loss = float(loss)
    return loss


for step in range(32):
    if step == 12:
        K = 2
    if step == 22:
        K = 4
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    acc_norm = float(tf.linalg.global_norm(ACC))
    print(step, repr(float(loss)), int(COUNTER), LOG.applies, repr(LOG.last_loss),
          int(OPT.iterations), repr(acc_norm))

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
print("adam m", [v.numpy().ravel()[:4].tolist() for v in OPT.variables[1:]])
print("LOG", vars(LOG), K)
