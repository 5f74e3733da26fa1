"""A step loops `for i in range(n)` where n is a scalar int tensor computed from the batch
(eagerly range() takes its __index__ and i is a Python int).  The body uses i in Python
arithmetic: `i / 3` (true division to a float), `i % 2`, `-i // 4`, `2.0 ** -i`, a
lookup `COEF[i % 3]` in a list of floats, and accumulates a Python float
`acc += COEF[i % 3] * i / 7` and a tensor `t = t + x[i] * (i / 3)`; at the last iteration
(a tensor test) the body prints i, `i / 3` and acc.  Probes: Python ints from range() of a tensor, and the float
arithmetic on them, inside a loop janus makes a while loop."""
import random

import numpy

random.seed(47)
numpy.random.seed(47)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4008)
rng = np.random.default_rng(4008)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, 1:2] * 0.5 + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
COEF = [0.1, -0.7, 1.3]


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W - y
        n = 2 + tf.reduce_sum(tf.cast(err[:, 0] > 0.1, tf.int32))
        acc = 0.0
        t = tf.zeros([3])
        for i in range(n):
            acc += COEF[i % 3] * i / 7 + 2.0 ** -i - (-i // 4)
            t = t + x[i] * (i / 3)
            if i % 2 == 1:
                acc -= 0.5
            if i == n - 1:
                print("  last", i, i / 3, acc)
        loss = tf.reduce_mean(tf.square(err)) + 0.01 * tf.reduce_sum(t * t) + 0.001 * acc
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, acc, t


for step in range(30):
    i = (step * 8) % 96
    loss, acc, t = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(acc), type(acc).__name__, [repr(float(v)) for v in t.numpy()])

print("W", [repr(float(v)) for v in W.numpy().ravel()])
