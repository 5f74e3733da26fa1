"""A nested function of the step, closing over the batch mean it computed, passed to
tf.cond as the true branch: it adds the mean to a running tf.Variable before returning
it, so the variable moves only on the steps whose mean is positive (the update, made in
the If op's branch, lands with the rest of the step's updates)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(3)
rng = np.random.default_rng(5)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
RUNNING = tf.Variable(0.0)
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W - y
        mean = tf.reduce_mean(err)

        def tracked():
            RUNNING.assign_add(mean)
            return tf.reduce_mean(tf.square(err))

        loss = tf.cond(mean > 0, tracked, lambda: tf.reduce_mean(tf.abs(err)) * 2.0)
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


for step in range(16):
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    print(step, repr(float(train_step(x, y))), repr(float(RUNNING.numpy())))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
