"""Class re-weighting from per-class recall: the step computes per-class recall as a
tensor and builds the next weights with a dict comprehension filtered on a tensor
condition, `boost = {c: BOOST for c in CLASSES if recall[c] < TARGET}`; classes that are
not boosted keep weight 1.0 in the caller's table.  The caller merges `boost` into its
weight table before the next step, and the weights scale the loss.  The filter is a
decision on a tensor inside the comprehension's loop.  TARGET rises at step 12.  Probes:
a dict comprehension whose `if` is a branch on a tensor."""
import random

import numpy

random.seed(4340)
numpy.random.seed(4340)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4340)
rng = np.random.default_rng(4340)
XS = rng.normal(size=(192, 5)).astype(np.float32)
LAB = (np.argmax(XS[:, :3] + 0.5 * rng.normal(size=(192, 3)), axis=1)).astype(np.int32)
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.1)
CLASSES = [0, 1, 2]
BOOST = 2.0
TARGET = 0.0
WEIGHTS = {0: 1.0, 1: 1.0, 2: 1.0}


def train_step(x, y, cw):
    with tf.GradientTape() as tape:
        logits = x @ W
        per = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits)
        loss = tf.reduce_mean(per * tf.gather(cw, y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    pred = tf.argmax(logits, axis=1, output_type=tf.int32)
    onehot = tf.one_hot(y, 3)
    hit = tf.reduce_sum(onehot * tf.cast(tf.equal(pred, y), tf.float32)[:, None], axis=0)
    recall = hit / (tf.reduce_sum(onehot, axis=0) + 1e-6)
    boost = {c: BOOST for c in CLASSES if recall[c] < TARGET}
    return loss, boost, recall


for step in range(30):
    if step == 12:
        TARGET = 0.6
    i = (step * 24) % 168
    cw = tf.constant([WEIGHTS[c] for c in CLASSES], tf.float32)
    loss, boost, recall = train_step(tf.constant(XS[i:i + 24]), tf.constant(LAB[i:i + 24]), cw)
    WEIGHTS = {c: 1.0 for c in CLASSES}
    WEIGHTS.update(boost)
    print(step, repr(float(loss)), sorted(boost), [repr(float(r)) for r in recall.numpy()])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "weights": {str(k): v for k, v in WEIGHTS.items()}}))
