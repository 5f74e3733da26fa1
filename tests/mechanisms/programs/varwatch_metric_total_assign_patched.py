"""A Keras Mean metric updated in the step: Keras' update_state writes the tf.Variable
under the metric's `total` through its `assign`.  The loop gives that tf.Variable its
own `assign` (adding a bias, as a buggy resume might), then deletes it.  The step's
code never reads the attribute: Keras' does."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(23)
rng = np.random.default_rng(23)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
MEAN = keras.metrics.Mean()
TOTAL = MEAN.total.value


def biased(value, use_locking=None, name=None, read_value=True):
    return type(TOTAL).assign(TOTAL, value + 1.0, use_locking, name, read_value)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.1 * g)
    MEAN.update_state(loss)
    return loss


for step in range(28):
    if step == 9:
        TOTAL.assign = biased
    if step == 18:
        del TOTAL.assign
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(MEAN.result())))
print(json.dumps({"w": W.numpy().ravel().tolist(), "mean": float(MEAN.result())}))
