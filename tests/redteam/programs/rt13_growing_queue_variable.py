"""A contrastive negative queue kept in a tf.Variable of unknown leading dimension that
the loop grows mid-run.

MoCo-style training keeps negatives in a variable; this one is created with
`shape=tf.TensorShape([None, D])` so it can grow until it reaches its capacity.  Its
static shape is (None, D) for ever, but each eager read returns a tensor of its current
concrete shape.  The step reads `bank = QUEUE.read_value()`, takes `k = bank.shape[0]`
(a Python int in eager) to temperature-scale the logits by log(k) and to print it, and
computes an InfoNCE loss against the bank.  At steps 8, 14 and 20 the loop enqueues more
negatives with `QUEUE.assign(tf.concat([QUEUE, new], 0))` (same variable object, new
shape).  Eager's k follows the variable's current size; the number of negatives changes
the loss.  A graph built while the queue held 16 rows that folded `bank.shape[0]` (or a
guard that looked only at the variable's static shape) would keep k = 16.  Probes:
tf.Variable whose value shape changes behind an unchanged object and static shape.
"""
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1311)
rng = np.random.default_rng(1311)

D = 6
XS = rng.normal(size=(96, 5)).astype(np.float32)
NEG = rng.normal(size=(64, D)).astype(np.float32)

QUEUE = tf.Variable(NEG[:16], shape=tf.TensorShape([None, D]))
ENC = keras.Sequential([keras.Input((5,)), keras.layers.Dense(D)])
POS = tf.Variable(rng.normal(size=(5, D)).astype(np.float32) * 0.2)
opt = keras.optimizers.SGD(learning_rate=0.05)
SIZES = []


def train_step(x):
    bank = QUEUE.read_value()
    k = bank.shape[0]
    temp = 1.0 / math.log(k)
    with tf.GradientTape() as tape:
        q = tf.math.l2_normalize(ENC(x, training=True), axis=1)
        p = tf.math.l2_normalize(x @ POS, axis=1)
        pos = tf.reduce_sum(q * p, axis=1, keepdims=True)
        neg = q @ tf.transpose(bank)
        logits = tf.concat([pos, neg], axis=1) / temp
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            tf.zeros(tf.shape(x)[:1], tf.int32), logits))
    variables = ENC.trainable_variables + [POS]
    grads = tape.gradient(loss, variables)
    opt.apply_gradients(zip(grads, variables))
    SIZES.append(k)
    return loss


for step in range(28):
    if step in (8, 14, 20):
        start = {8: 16, 14: 32, 20: 48}[step]
        QUEUE.assign(tf.concat([QUEUE, NEG[start:start + 16]], axis=0))
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]))
    print(step, repr(float(loss)), SIZES[-1])

print(json.dumps({
    "sizes": SIZES,
    "queue_shape": list(QUEUE.read_value().shape),
    "static_shape": str(QUEUE.shape),
    "POS": [repr(float(v)) for v in POS.numpy().ravel()[:6]],
}))
