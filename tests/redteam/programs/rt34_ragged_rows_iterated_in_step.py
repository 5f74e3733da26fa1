"""Bag-of-vectors regression: each batch is a tf.RaggedTensor of variable-length
sequences, and the step iterates it row by row (`for seq in rt:`), which Python does
through RaggedTensor.__getitem__ until IndexError (old sequence protocol: RaggedTensor
has no __iter__).  TF raises that IndexError for an out-of-bound row only
`if context.executing_eagerly()`; traced, the getitem never raises.  Probes: library
code that ends Python's iteration only eagerly."""
import random

import numpy

random.seed(3416)
numpy.random.seed(3416)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3416)
rng = np.random.default_rng(3416)
BATCHES = []
for b in range(8):
    lens = rng.integers(1, 5, size=4)
    rows = [rng.normal(size=(n, 3)).astype(np.float32) for n in lens]
    y = np.array([[r[:, 0].sum() * 0.5] for r in rows], np.float32)
    BATCHES.append((tf.ragged.constant([r.tolist() for r in rows], ragged_rank=1, dtype=tf.float32), tf.constant(y)))
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)
ROWS_SEEN = [0]


def train_step(rt, y):
    with tf.GradientTape() as tape:
        preds = []
        for seq in rt:
            preds.append(tf.reduce_sum(seq @ W, axis=0))
            ROWS_SEEN[0] += 1
        loss = tf.reduce_mean(tf.square(tf.stack(preds) - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(32):
    rt, y = BATCHES[step % 8]
    loss = train_step(rt, y)
    print(step, float(loss).hex(), ROWS_SEEN[0])

print("w", [float(v).hex() for v in W.numpy().ravel()])
