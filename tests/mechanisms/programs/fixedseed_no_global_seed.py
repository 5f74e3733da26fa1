"""No global seed: an op seed alone fixes the stream (TF pairs it with its default graph
seed).  The step draws tf.random.uniform(seed=5), tf.random.truncated_normal(seed=6) in
float64 and an int64 tf.random.uniform(seed=8) of indices; eager's numbers repeat from
run to run and go on across calls."""
import random

import numpy as np
import tensorflow as tf

random.seed(0)          # the oracle compares the states of Python's and numpy's generators
np.random.seed(0)

rng = np.random.default_rng(42)
table = tf.Variable(rng.normal(size=(50, 4)).astype(np.float64))
scale = tf.Variable(np.ones(4))


def train_step():
    picks = tf.random.uniform([6], 0, 50, dtype=tf.int64, seed=8)
    jitter = tf.random.truncated_normal([6, 4], dtype=tf.float64, seed=6)
    gate = tf.random.uniform([4], seed=5)
    with tf.GradientTape() as tape:
        rows = tf.gather(table, picks) * scale + 0.1 * jitter
        loss = tf.reduce_mean(tf.square(rows)) * tf.cast(tf.reduce_sum(gate), tf.float64)
    grads = tape.gradient(loss, [table, scale])
    table.assign_sub(0.1 * tf.convert_to_tensor(grads[0]))
    scale.assign_sub(0.1 * grads[1])
    return loss, picks


for i in range(24):
    loss, picks = train_step()
    print(i, repr(float(loss)), picks.numpy().tolist())
print(scale.numpy().tolist(), float(tf.reduce_sum(table)))
