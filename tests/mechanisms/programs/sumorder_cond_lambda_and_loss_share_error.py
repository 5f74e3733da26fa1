"""tf.cond with lambdas over the step's error tensor, a Python scale rebound before the
call, and the same error squared after it: three gradient terms for the error, added in
eager's order in the graph (a chain, not an AddN whose kernel may take the cond's term
first)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(1)
rng = np.random.default_rng(5)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(0.05)
XS = [tf.constant(rng.normal(size=(6, 3)).astype(np.float32)) for _ in range(16)]
YS = [tf.constant(rng.normal(size=(6, 1)).astype(np.float32)) for _ in range(16)]


def train_step(x, y, bonus):
    scale = 1.0
    with tf.GradientTape() as tape:
        err = x @ W - y
        big = lambda: tf.reduce_sum(err) * scale     # noqa: E731
        scale = 2.0 + bonus
        extra = tf.cond(tf.reduce_mean(err) > 0, big, lambda: tf.reduce_mean(err) * scale)
        loss = tf.reduce_mean(err * err) + 0.01 * extra
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


for step in range(16):
    print(step, repr(float(train_step(XS[step], YS[step], step % 2))))
print(json.dumps([float(v).hex() for v in W.numpy().ravel()]))
