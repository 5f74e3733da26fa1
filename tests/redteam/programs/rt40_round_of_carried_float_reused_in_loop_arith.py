"""A step carries a Python float `decay` through a data-decided `while` loop on a tensor
(`while k < n`), rebinding `decay = round(decay * 0.9 + 0.0123, 3)` each iteration, so
each iteration's arithmetic starts from Python's decimal rounding of the last.  After
the loop `decay` scales an auxiliary loss term, and the step also computes
`r = round(float(loss), 2)` and `bonus = r * 3 - 1` (arithmetic on a rounded float).
Both are returned and printed with repr.  Probes: round() of numbers the graph computes
used again inside the graph (in a loop and after it), not only printed."""
import random

import numpy

random.seed(45)
numpy.random.seed(45)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4006)
rng = np.random.default_rng(4006)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.6 - XS[:, 2:3] * 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, start):
    with tf.GradientTape() as tape:
        err = x @ W - y
        n = 1 + tf.reduce_sum(tf.cast(err[:, 0] > 0.0, tf.int32))
        decay = start
        k = tf.constant(0)
        while k < n:
            decay = round(decay * 0.9 + 0.0123, 3)
            k += 1
        loss = tf.reduce_mean(tf.square(err)) * (1.0 + decay)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    r = round(float(loss), 2)
    bonus = r * 3 - 1
    return loss, decay, r, bonus


start = 0.777
for step in range(30):
    i = (step * 8) % 96
    loss, decay, r, bonus = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), start)
    print(step, repr(float(loss)), repr(decay), type(decay).__name__, repr(r), repr(bonus))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
