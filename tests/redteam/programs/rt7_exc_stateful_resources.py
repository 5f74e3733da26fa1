"""Stateful TF resources that are not tf.Variables, changed by the step before a check that
fails: a tf.random.Generator draw, a MutableHashTable insert (label counts), a FIFOQueue
enqueue (loss history) -- then tf.debugging.check_numerics on the loss, then the update.

From outside, the loop puts a NaN into the batch at steps 15, 22 and 29, so check_numerics
fails after the draw, the insert and the enqueue already happened (eager keeps all three:
the generator moved, the counts grew, the queue holds a NaN), and before the weights change.
The loop catches InvalidArgumentError and continues. At step 33 it dequeues everything and
prints it. Each step prints the generator's state, the table's size and counts for labels 0
and 1, and the queue's size.
A wrong converter whose failed graph call already ran (or rolled back) those effects, and
whose interpreter re-run does them again (or not), shows the generator drawn twice, counts
off by one batch, or a queue with an extra / missing entry."""
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3321)
random.seed(3321)
rng = np.random.default_rng(3321)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int64")

GEN = tf.random.Generator.from_seed(77)
TABLE = tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, default_value=0)
QUEUE = tf.queue.FIFOQueue(100, tf.float32, shapes=[])
W1 = tf.Variable(rng.normal(size=(64, 24)).astype("float32") * 0.1)
W2 = tf.Variable(rng.normal(size=(24, 10)).astype("float32") * 0.1)


def train_step(x, y):
    x = x + GEN.normal(tf.shape(x), stddev=0.05)
    uniq, _ = tf.unique(y)
    TABLE.insert(uniq, TABLE.lookup(uniq) + 1)
    with tf.GradientTape() as tape:
        logits = tf.nn.relu(x @ W1) @ W2
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    QUEUE.enqueue(loss)
    tf.debugging.check_numerics(loss, "loss is not finite")
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.2 * g1)
    W2.assign_sub(0.2 * g2)
    return loss


def show():
    c = TABLE.lookup(tf.constant([0, 1], tf.int64)).numpy().tolist()
    return f"gen={GEN.state.numpy().tolist()} table={int(TABLE.size())} c01={c} q={int(QUEUE.size())}"


for step in range(38):
    i = (step * 16) % (len(X) - 16)
    xb = X[i:i + 16].copy()
    if step in (15, 22, 29):
        xb[4, 20] = np.nan
    try:
        loss = train_step(tf.constant(xb), tf.constant(Y[i:i + 16]))
        print(step, repr(float(loss)), show())
    except tf.errors.InvalidArgumentError as e:
        print(step, "check failed", "loss is not finite" in str(e), show())
    if step == 33:
        n = int(QUEUE.size())
        print("drained", [repr(float(v)) for v in QUEUE.dequeue_many(n).numpy()])

print("final", show())
k, v = TABLE.export()
print("table", sorted(zip(k.numpy().tolist(), v.numpy().tolist())))
print("ck", repr(float(np.sum(np.abs(W1.numpy()), dtype=np.float64))),
      repr(float(np.sum(np.abs(W2.numpy()), dtype=np.float64))))
print("rng", GEN.uniform([2]).numpy().tolist(), tf.random.uniform([2]).numpy().tolist(),
      np.random.rand(), random.random())
