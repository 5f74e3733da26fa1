"""`tf.cond(pred, lambda: ..., lambda: ...)` in a training step, the lambdas closing over
the step's locals (the error tensor and a Python float argument): the builder runs each
branch function with the call's cells, as eager runs the branch taken; the step
converts (until 2026-11-30 a function the step made, closing over its variables and
handed to tf.cond, sent the step to the interpreter)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(1)
rng = np.random.default_rng(7)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(0.1)


def train_step(x, y, scale):
    with tf.GradientTape() as tape:
        err = tf.matmul(x, W) - y
        loss = tf.cond(tf.reduce_mean(err) > 0,
                       lambda: tf.reduce_mean(err * err) * scale,
                       lambda: tf.reduce_mean(tf.abs(err)))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(14):
    x = rng.normal(size=(8, 3)).astype(np.float32)
    y = rng.normal(size=(8, 1)).astype(np.float32)
    print(step, repr(float(train_step(x, y, 2.0 if step < 7 else 0.5))))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
