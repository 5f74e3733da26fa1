"""A detection-style anchor table kept as nested Python lists five levels deep
(group -> level -> scale -> ratio -> [w, h]); the step turns it into a tensor with
`tf.constant(ANCHORS)` each call and regresses predicted box sizes onto it.  At step
12 the loop edits one leaf in place (`ANCHORS[0][1][0][1][0] = 2.5`), at step 20 it
replaces a whole innermost pair, and at step 25 it edits a second-level list.
tf.constant reads the nested list natively in C; janus guards what such calls read
through nested containers, and an in-place edit at any depth must reach the graph."""
import random

import numpy

random.seed(93)
numpy.random.seed(93)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4293)
rng = np.random.default_rng(4293)
ANCHORS = [[[[[1.0 * (l + 1) * (s + 1), 0.5 * (r + 1)] for r in range(2)]
             for s in range(2)] for l in range(2)] for g in range(2)]
FEATS = rng.normal(size=(64, 6)).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 32)).astype(np.float32) * 0.1)


def train_step(f):
    with tf.GradientTape() as tape:
        table = tf.reshape(tf.constant(ANCHORS), (1, 32))
        pred = f @ W
        loss = tf.reduce_mean(tf.square(pred - table))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss, tf.reduce_sum(table)


for step in range(30):
    if step == 12:
        ANCHORS[0][1][0][1][0] = 2.5
    if step == 20:
        ANCHORS[1][0][1][0] = [9.0, 9.0]
    if step == 25:
        ANCHORS[1][1][0][0][1] = -3.0
    i = (step * 8) % 56
    loss, tot = train_step(tf.constant(FEATS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(tot)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()[:8]]}))
