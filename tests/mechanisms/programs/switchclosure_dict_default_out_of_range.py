"""tf.switch_case with a dict of branch functions and a default, over the step's locals:
an index the data makes out of range (-1 or 3) takes the default, as eager's switch_case
clamps it; one branch counts its calls on an attribute, so the count says which ran."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(3)
rng = np.random.default_rng(4)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(0.05)


class Stats:
    hard = 0


STATS = Stats()


def train_step(x, y):
    index = tf.cast(tf.round(tf.reduce_sum(y) * 2.0), tf.int32) % 5 - 1
    with tf.GradientTape() as tape:
        err = x @ W - y

        def hard():
            STATS.hard += 1
            return tf.reduce_mean(err * err) * 2.0

        loss = tf.switch_case(index, {0: lambda: tf.reduce_mean(tf.abs(err)), 1: hard,
                                      2: lambda: tf.reduce_max(tf.abs(err))},
                              default=lambda: tf.reduce_mean(err * err))
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss, index


for step in range(18):
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    loss, index = train_step(x, y)
    print(step, int(index), repr(float(loss)), STATS.hard)
print(json.dumps([float(v).hex() for v in W.numpy().ravel()]))
