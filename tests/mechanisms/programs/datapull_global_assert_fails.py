"""A step that pulls a batch from a global tf.data iterator with `it.get_next()` and then
checks it (`tf.debugging.assert_less` on the batch's largest value): one batch in the
data fails the check.  The graph's call fails after its pull, the element goes back to
the iterator, and the interpreter's re-run takes that same batch and raises, as eager
does; the loop catches it and goes on with the next batch."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(82)
rng = np.random.default_rng(82)
XS = rng.uniform(-1.0, 1.0, size=(96, 3)).astype(np.float32)
XS[53, 1] = 7.5          # the batch holding row 53 fails the check
W = tf.Variable(np.ones((3, 1), np.float32) * 0.2)
opt = keras.optimizers.SGD(0.1)
it = iter(tf.data.Dataset.from_tensor_slices(XS).batch(6).repeat())
FAILED = []


def train_step():
    x = it.get_next()
    tf.debugging.assert_less(tf.reduce_max(x), 5.0, message="batch out of range")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - 0.5))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


for step in range(30):
    try:
        loss = train_step()
        print(step, repr(float(loss)))
    except tf.errors.InvalidArgumentError as exc:
        FAILED.append(step)
        print(step, "failed:", type(exc).__name__, "batch out of range" in str(exc))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "failed": FAILED,
                  "next": repr(float(tf.reduce_sum(it.get_next())))}))
