"""A co-executed recommendation step (np.random.choice over the scorer's numpy
softmax samples which item rows to look up, so the step stays in the interpreter)
looks rows up in a raw `tf.Variable` table created with `shape=tf.TensorShape(None)`
via `tf.gather_nd`, scores them with a Keras head, and applies the table's gradient by
hand.  The gradient of a ResourceGatherNd reads the table's shape from the variable
when the backward runs.  What changes mid-run: at steps 10 and 18 the vocabulary grows
between the forward pass and `tape.gradient` (`TABLE.assign(bigger)` appends rows),
so eager's gradient for the table has the NEW number of rows (dense_shape read at walk
time) and the hand-written update matches it.  Probes: a backward whose result depends
on a variable's state at walk time, inside a deferred walk."""
import random

import numpy

random.seed(4628)
numpy.random.seed(4628)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4628)
rng = np.random.default_rng(4628)
TABLE = tf.Variable(rng.normal(size=(6, 4)).astype(np.float32) * 0.5, shape=tf.TensorShape(None))
HEAD = keras.layers.Dense(1)
HEAD(np.zeros((1, 4), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
TARGETS = rng.normal(size=(30, 3, 1)).astype(np.float32)
GROW_AT = {10: 3, 18: 5}


def train_step(step, y):
    rows = int(tf.shape(TABLE)[0])
    scores = HEAD(TABLE.value()).numpy().ravel().astype(np.float64)
    p = np.exp(scores - scores.max())
    picks = np.random.choice(rows, size=3, replace=False, p=p / p.sum())
    with tf.GradientTape() as tape:
        emb = tf.gather_nd(TABLE, picks[:, None].astype(np.int32))
        loss = tf.reduce_mean(tf.square(HEAD(emb) - y)) + 0.01 * tf.reduce_sum(tf.square(emb))
    if step in GROW_AT:
        extra = np.full((GROW_AT[step], 4), 0.1 * step, np.float32)
        TABLE.assign(np.concatenate([TABLE.numpy(), extra], axis=0))
    g_table, g_k, g_b = tape.gradient(loss, [TABLE] + HEAD.trainable_variables)
    dense = tf.convert_to_tensor(g_table)
    TABLE.assign_sub(0.1 * dense)
    OPT.apply_gradients(zip([g_k, g_b], HEAD.trainable_variables))
    return loss, picks, g_table, dense


for step in range(28):
    loss, picks, g, dense = train_step(step, tf.constant(TARGETS[step]))
    print(step, picks.tolist(), type(g).__name__, tuple(dense.shape), repr(float(loss)),
          repr(float(tf.reduce_sum(dense))), repr(float(HEAD.kernel.numpy()[2, 0])))

print(json.dumps({"table": [repr(float(v)) for v in TABLE.numpy().ravel()[::3]]}))
