"""Hard-negative mining in a margin-ranking step.  The negatives' scores are selected with
tf.boolean_mask; `if tf.size(neg) > 0:` takes the hardest one, else a zero margin term.
After the branch the step logs the first negative (`neg[0]`) inside a try: with no
negatives in the batch the slice raises InvalidArgumentError, which the step catches,
appending None to the log.  Before the branch it bumps a Python counter and appends the
batch size to a list, and the optimizer update runs before the log.  The first 12
batches all have negatives; later batches alternate with all-positive ones.  Probes: a
branch speculated from a one-sided profile whose other side makes a later index
invalid, the exception caught in the step, Python writes and updates landing once."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4412)
rng = np.random.default_rng(4412)
XS = rng.normal(size=(8, 5)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.8)


class Miner:
    def __init__(self):
        self.calls = 0
        self.sizes = []
        self.first_neg = []


MN = Miner()


def train_step(x, labels):
    MN.calls += 1
    MN.sizes.append(int(tf.reduce_sum(labels)))
    with tf.GradientTape() as tape:
        scores = tf.reshape(x @ W, [-1])
        pos = tf.reduce_mean(tf.boolean_mask(scores, labels > 0))
        neg = tf.boolean_mask(scores, labels < 1)
        if tf.size(neg) > 0:
            hardest = tf.reduce_max(neg)
        else:
            hardest = tf.constant(-1.0)
        loss = tf.nn.relu(1.0 - pos + hardest) + 0.01 * tf.reduce_sum(W * W)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    try:
        first = neg[0]
        MN.first_neg.append(float(first))
    except tf.errors.InvalidArgumentError:
        MN.first_neg.append(None)
    return loss, hardest


for step in range(32):
    if step < 12 or step % 3:
        lab = np.array([1, 0, 1, 0, 0, 1, 0, 1], np.float32)
    else:
        lab = np.ones(8, np.float32)
    loss, hardest = train_step(tf.constant(XS * (1.0 + 0.02 * step)), tf.constant(lab))
    print(step, repr(float(loss)), repr(float(hardest)), MN.calls, MN.sizes[-1], MN.first_neg[-1],
          len(MN.first_neg), int(OPT.iterations.numpy()))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "nones": MN.first_neg.count(None)}))
