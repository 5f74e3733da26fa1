"""keras.ops.cond on a data-dependent predicate with two module-level branch functions
that read the batch from a global the loop rebinds before every call: both ran eagerly
while janus profiled the step, so janus watches them; called back by Keras while janus
builds, they must still be interpreted by the builder (the global read at each call),
not run natively with the build's batch baked in."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(71)
rng = np.random.default_rng(71)
XS = rng.normal(size=(64, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5)
X = None


def positive():
    return tf.tanh(X @ W)


def negative():
    return X @ W * 0.5


def train_step():
    with tf.GradientTape() as tape:
        h = keras.ops.cond(tf.reduce_mean(X) > 0.0, positive, negative)
        loss = tf.reduce_mean(tf.square(h))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss


for i in range(24):
    j = (i * 8) % 56
    X = tf.constant(XS[j:j + 8])
    print(i, repr(float(train_step())), float(tf.reduce_mean(X)) > 0)
del X
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
