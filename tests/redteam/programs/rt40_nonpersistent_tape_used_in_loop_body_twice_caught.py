"""A step records the loss on a non-persistent tape, then runs `for k in tf.range(m)` where
m (1, or 2 for batches whose mean target is high) is decided by the data; the body calls
`tape.gradient(loss, W)` and accumulates the gradient.  Eagerly the second iteration
raises RuntimeError (a non-persistent tape computes one set of gradients); the outer
loop catches it, prints the message's first words and counts it.  Updates happen only
after the loop, so a failing call changes no weights.  Probes: a one-use tape used inside
the body of a loop on a tensor a data-decided number of times."""
import random

import numpy

random.seed(63)
numpy.random.seed(63)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4024)
rng = np.random.default_rng(4024)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.8 + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
CAUGHT = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    m = 1 + tf.cast(tf.reduce_mean(y) > 0.25, tf.int32)
    g = tf.zeros_like(W)
    for k in tf.range(m):
        g = g + tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss, m


for step in range(30):
    i = (step * 8) % 96
    try:
        loss, m = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, int(m), repr(float(loss)))
    except RuntimeError as e:
        CAUGHT.append(step)
        print(step, "caught", type(e).__name__, " ".join(str(e).split()[:4]))

print("W", [repr(float(v)) for v in W.numpy().ravel()], CAUGHT)
