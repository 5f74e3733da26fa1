"""A MoCo-style contrastive step with a negative-key queue kept in a tf.Variable declared
with an unknown first dimension (`shape=tf.TensorShape([None, 4])`): each call computes
InfoNCE logits of the queries against the positive key and every queued key, trains,
then enqueues the batch's keys with `QUEUE.assign(tf.concat([keys, QUEUE], 0)[:CAP])`,
so the variable's value grows by 8 rows per call until CAP.  The step reads the queue
length as a Python int (`int(tf.shape(QUEUE)[0])`) and skips the negatives while the
queue is empty.  The loop prints the declared shape, the value's shape, and at step 17
lowers CAP (the next enqueue shrinks the queue) and at step 25 empties the queue with
`QUEUE.assign(tf.zeros((0, 4)))`.  Probes: a variable whose value shape changes at
every call (graph inputs and reads of a variable with a partially unknown shape),
Python ints of its dynamic length deciding a branch, and assigns of other shapes from
the loop."""
import random

import numpy

random.seed(567)
numpy.random.seed(567)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(567)
rng = np.random.default_rng(567)
XS = rng.normal(size=(200, 6)).astype(np.float32)

ENC = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(4)])
OPT = keras.optimizers.Adam(0.01)
QUEUE = tf.Variable(tf.zeros((0, 4)), shape=tf.TensorShape([None, 4]), trainable=False)
CAP = 40
TAU = 0.2


def l2n(v):
    return v / (tf.norm(v, axis=1, keepdims=True) + 1e-6)


def train_step(x1, x2):
    n = int(tf.shape(QUEUE)[0])
    with tf.GradientTape() as tape:
        q = l2n(ENC(x1))
        k = tf.stop_gradient(l2n(ENC(x2)))
        pos = tf.reduce_sum(q * k, axis=1, keepdims=True)
        if n > 0:
            logits = tf.concat([pos, q @ tf.transpose(QUEUE)], axis=1) / TAU
        else:
            logits = tf.concat([pos, q @ tf.transpose(k)], axis=1) / TAU
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(tf.zeros((8,), tf.int32), logits))
    grads = tape.gradient(loss, ENC.trainable_variables)
    OPT.apply_gradients(zip(grads, ENC.trainable_variables))
    QUEUE.assign(tf.concat([k, QUEUE], axis=0)[:CAP])
    return loss, n


for step in range(32):
    if step == 17:
        CAP = 20
    if step == 25:
        QUEUE.assign(tf.zeros((0, 4)))
    i = (step * 8) % 192
    x = XS[i:i + 8]
    noise = rng.normal(size=x.shape).astype(np.float32) * 0.1
    loss, n = train_step(tf.constant(x), tf.constant(x + noise))
    print(step, repr(float(loss)), n, QUEUE.shape.as_list(), QUEUE.value().shape.as_list(),
          repr(float(QUEUE.numpy()[0, 0])))

print(json.dumps({"k": [repr(float(v)) for v in ENC.layers[0].kernel.numpy().ravel()[:6]],
                  "queue": [repr(float(v)) for v in QUEUE.numpy()[:, 0][:5]]}))
