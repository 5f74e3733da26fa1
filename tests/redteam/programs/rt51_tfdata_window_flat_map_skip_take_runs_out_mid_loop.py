"""Overlapping windows of a signal: the dataset is `range(100).skip(3).take(41)` mapped to
features, cut by `.window(4, shift=3)` and flattened with `flat_map(lambda w: w.batch(4))`
(finite: the last windows are shorter).  The step trains on up to WIN windows per call
with `for ids, x in it:` and a count break; the data runs out in the middle of a call's
loop (the for ends with fewer windows, one of them short), and the loop then starts a new
epoch.  WIN goes 3 -> 2 at step 20.  Probes: a for loop over a tf.data iterator of a
window/flat_map/skip/take pipeline that ends mid-loop inside the step, with short last
windows: ids, window sizes and losses per call."""
import random

import numpy

random.seed(5119)
numpy.random.seed(5119)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5119)

FEAT = (tf.data.Dataset.range(100).skip(3).take(41)
        .map(lambda i: (i, tf.stack([tf.sin(tf.cast(i, tf.float32) * 0.3), tf.cos(tf.cast(i, tf.float32) * 0.2)]))))
DS = FEAT.window(4, shift=3).flat_map(
    lambda wi, wx: tf.data.Dataset.zip((wi.batch(4), wx.batch(4))))

W = tf.Variable(tf.constant([[0.1], [0.1]]), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)
WIN = 3


def train_step(it):
    sizes, firsts = [], []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for ids, x in it:
            pred = tf.squeeze(x @ W, 1)
            target = tf.reverse(x[:, 0], [0])
            loss = loss + tf.reduce_mean(tf.square(pred - target))
            sizes.append(x.shape[0])
            firsts.append(int(ids[0]))
            if len(sizes) == WIN:
                break
    if sizes:
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
    return loss, sizes, firsts


epoch = 0
it = iter(DS)
for step in range(44):
    if step == 20:
        WIN = 2
    loss, sizes, firsts = train_step(it)
    print(step, epoch, sizes, firsts, repr(float(loss)))
    if len(sizes) < WIN:
        epoch += 1
        it = iter(DS)

print(json.dumps({"epochs": epoch, "w": [repr(float(v)) for v in W.numpy().ravel()],
                  "iterations": int(OPT.iterations.numpy())}))
