"""A pipeline whose map() checks each row (`tf.debugging.check_numerics`): row 37 holds
a NaN, so one pull raises InvalidArgumentError.  The pull before the graph meets the
error, hands it back, and the interpreter's `next()` raises it where eager's does; the
loop catches it, and the next pull gives the batch after it, as in eager."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(84)
rng = np.random.default_rng(84)
XS = rng.normal(size=(120, 4)).astype(np.float32)
XS[37, 2] = np.nan
YS = rng.normal(size=(120, 1)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
opt = keras.optimizers.SGD(0.05)


def checked(x, y):
    return tf.debugging.check_numerics(x, "row"), y


dataset = tf.data.Dataset.from_tensor_slices((XS, YS)).map(checked).batch(4)
ERRORS = []


def train_step(iterator, scale):
    x, y = next(iterator)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


it = iter(dataset)
for step in range(28):
    try:
        loss = train_step(it, 1.0 if step < 20 else 0.5)
        print(step, repr(float(loss)))
    except tf.errors.InvalidArgumentError as exc:
        ERRORS.append(step)
        print(step, "error", "row" in str(exc))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "errors": ERRORS}))
