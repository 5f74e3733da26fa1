"""Keras metrics updated inside the body of a loop on a tensor: the step trains on the
batch, then scans `for i in tf.range(n)` over the rows whose prediction is confident
(n from the data) and calls `self.acc.update_state(...)` and `self.err.update_state(...)`
per row.  The outer loop calls `tr.acc.reset_state()` every 7 steps, replaces `tr.err`
with a new `keras.metrics.MeanAbsoluteError()` at step 15, and prints both results
every step.  Probes: metric variables updated a data-decided number of times per call,
a metric reset between calls, a metric object replaced in an attribute mid-run."""
import random

import numpy

random.seed(81)
numpy.random.seed(81)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4041)
rng = np.random.default_rng(4041)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] + 0.5 * XS[:, 1:2] > 0).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1, activation="sigmoid")])
OPT = keras.optimizers.Adam(0.02)
bce = keras.losses.BinaryCrossentropy()


class Trainer:
    def __init__(self):
        self.acc = keras.metrics.BinaryAccuracy()
        self.err = keras.metrics.MeanSquaredError()

    def step(self, x, y):
        with tf.GradientTape() as tape:
            p = model(x)
            loss = bce(y, p)
        grads = tape.gradient(loss, model.trainable_variables)
        OPT.apply_gradients(zip(grads, model.trainable_variables))
        conf = tf.abs(p[:, 0] - 0.5) > 0.1
        order = tf.argsort(tf.cast(conf, tf.int32), direction="DESCENDING")
        n = tf.reduce_sum(tf.cast(conf, tf.int32))
        for i in tf.range(n):
            r = order[i]
            self.acc.update_state(y[r:r + 1], p[r:r + 1])
            self.err.update_state(y[r:r + 1], p[r:r + 1])
        return loss, n


tr = Trainer()
for step in range(30):
    if step % 7 == 6:
        tr.acc.reset_state()
    if step == 15:
        tr.err = keras.metrics.MeanAbsoluteError()
    i = (step * 8) % 96
    loss, n = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), repr(float(tr.acc.result())), repr(float(tr.err.result())))

print([repr(float(tf.reduce_sum(v))) for v in model.weights])
