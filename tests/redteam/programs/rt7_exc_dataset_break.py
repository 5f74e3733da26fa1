"""The step runs a whole mini-epoch itself: a Python `for` over a tf.data dataset held in a
global, accumulating gradients, with an early `break` when a micro-batch's loss falls below
THRESH * PREV (a decision on a tensor; PREV is the previous call's last loss, a Python float
global the step writes), then one averaged update.

Step 14: THRESH goes from 0.0 (never breaks) to 1.05 (breaks part-way through the epoch).
Step 20: DS is rebound to another dataset (batch 8, take(5): different length and shapes).
Step 25: THRESH becomes a float64 tf.constant(1.0) instead of a Python float.
Step 30: DS goes back to the first dataset object; THRESH = 1e9 (breaks after the first batch).
Each step prints the last micro-batch loss, how many micro-batches ran and the labels' sum of
the last batch. A wrong converter keeps the old dataset or threshold, runs a fixed number of
iterations, or mis-averages by a wrong count."""
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4230)
random.seed(4230)
rng = np.random.default_rng(4230)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

DS_A = tf.data.Dataset.from_tensor_slices((X[:96], Y[:96])).batch(16)
DS_B = tf.data.Dataset.from_tensor_slices((X[96:200], Y[96:200])).batch(8).take(5)
DS = DS_A
THRESH = 0.0
PREV = 10.0
W1 = tf.Variable(rng.normal(size=(64, 24)).astype("float32") * 0.1)
W2 = tf.Variable(rng.normal(size=(24, 10)).astype("float32") * 0.1)
VARS = [W1, W2]


def train_epoch():
    global PREV
    acc = [tf.zeros_like(v) for v in VARS]
    n = 0
    last = tf.constant(0.0)
    ysum = tf.constant(0)
    for x, y in DS:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, tf.nn.relu(x @ W1) @ W2))
        gs = tape.gradient(loss, VARS)
        acc = [a + g for a, g in zip(acc, gs)]
        n += 1
        last = loss
        ysum = tf.reduce_sum(y)
        if tf.cast(loss, tf.float64) < THRESH * PREV:
            break
    for v, a in zip(VARS, acc):
        v.assign_sub(0.5 * a / float(n))
    PREV = float(last)
    return last, n, ysum


for step in range(38):
    if step == 14:
        THRESH = 1.05
    elif step == 20:
        DS = DS_B
    elif step == 25:
        THRESH = tf.constant(1.0, tf.float64)
    elif step == 30:
        DS = DS_A
        THRESH = 1e9
    last, n, ysum = train_epoch()
    print(step, repr(float(last)), int(n), int(ysum), repr(PREV))

print("ck", repr(float(np.sum(np.abs(W1.numpy()), dtype=np.float64))),
      repr(float(np.sum(np.abs(W2.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
