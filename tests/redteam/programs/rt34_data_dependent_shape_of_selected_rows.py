"""Hard-example mining: the step selects rows with tf.boolean_mask(per, per > mean) and
inspects the selection's static shape: the number of rows scales an extra loss term,
and the step records `sel.shape == list(sel.shape)` and
isinstance(sel.shape, tuple).  Eagerly .shape is a TensorShape with concrete
dimensions (TensorShape([3]) == [3] is True; it is not a tuple).  In a graph the
dimension is data-dependent and unknown while building, and janus must answer with
the eager value.  Probes: the object janus hands back for .shape of a tensor whose
size depends on the data."""
import random

import numpy

random.seed(3441)
numpy.random.seed(3441)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3441)
rng = np.random.default_rng(3441)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) + rng.normal(size=(96, 1)) * 0.5).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        per = tf.square(x @ W - y)[:, 0]
        sel = tf.boolean_mask(per, per > tf.reduce_mean(per))
        shp = sel.shape
        k = shp[0]
        SEEN.append((shp == list(shp), isinstance(shp, tuple)))
        loss = tf.reduce_mean(per) + tf.reduce_sum(sel) / (k + 1)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(34):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), SEEN[-1])

print("w", [float(v).hex() for v in W.numpy().ravel()])
