"""tf.switch_case over lambdas a comprehension in the step makes, each closing over the
hidden activations and the comprehension's variable: Python binds late, so every one of
them scales by the last factor, eagerly and in the graph; the index is a tensor that
changes every step (built as janus's own chain of branches since 2026-11-30; before, a
function the step made that closes over its variables sent the step to the
interpreter)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(2)
rng = np.random.default_rng(11)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(0.01)
FACTORS = (1.0, 0.5, 2.0)


def train_step(x, y, branch):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W)
        fns = [lambda: tf.reduce_mean(tf.square(h - y)) * f for f in FACTORS]
        fns.append(lambda: tf.reduce_mean(tf.abs(h - y)))
        loss = tf.switch_case(branch, fns)
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


for step in range(16):
    x = tf.constant(rng.normal(size=(5, 4)).astype(np.float32))
    y = tf.constant(rng.normal(size=(5, 2)).astype(np.float32))
    print(step, repr(float(train_step(x, y, tf.constant(step % 4)))))
print(json.dumps([float(v).hex() for v in W.numpy().ravel()]))
