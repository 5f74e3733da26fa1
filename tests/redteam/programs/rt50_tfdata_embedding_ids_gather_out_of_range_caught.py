"""A bag-of-ids model with a raw embedding table (tf.Variable) fed by a tf.data iterator
the step pulls from (`next(ITER)`): the step gathers `tf.gather(TABLE, ids)` for the
pulled token ids.  A few rows of the data hold an id past the table's end (an
out-of-vocabulary bug), so the gather raises InvalidArgumentError after the pull; the
step catches it, stores the offending batch index in a Python list and returns None.
Probes: a pulled batch that makes a later op fail in a hot step (the batch consumed
once, no update, the handler's Python writes), the batch indices that failed, the
table and optimizer state."""
import random

import numpy

random.seed(64)
numpy.random.seed(64)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6415)
rng = np.random.default_rng(6415)
VOCAB = 20
N = 150
TOK = rng.integers(0, VOCAB, size=(N, 3)).astype(np.int32)
for bad in (44, 97, 98, 131):
    TOK[bad, 1] = VOCAB + 3
YS = ((TOK % 3 == 0).sum(axis=1, keepdims=True) / 3.0).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices((TOK, YS)).batch(4).enumerate()
ITER = iter(DS)

TABLE = tf.Variable(tf.random.normal((VOCAB, 4), seed=1) * 0.1)
HEAD = tf.Variable(tf.zeros((4, 1)))
OPT = keras.optimizers.Adagrad(learning_rate=0.2)
BAD = []


def train_step():
    k, (tok, y) = next(ITER)
    try:
        with tf.GradientTape() as tape:
            emb = tf.gather(TABLE, tok)
            h = tf.reduce_mean(emb, axis=1)
            loss = tf.reduce_mean(tf.square(h @ HEAD - y))
        grads = tape.gradient(loss, [TABLE, HEAD])
        grads = [tf.convert_to_tensor(g) for g in grads]
        OPT.apply_gradients(zip(grads, [TABLE, HEAD]))
    except tf.errors.InvalidArgumentError:
        BAD.append(int(k))
        return k, None
    return k, loss


for step in range(36):
    k, loss = train_step()
    if loss is None:
        print(step, "batch", int(k), "bad ids", BAD)
    else:
        print(step, "batch", int(k), repr(float(loss)))

print(json.dumps({
    "bad": BAD,
    "iterations": int(OPT.iterations.numpy()),
    "table": [repr(float(v)) for v in TABLE.numpy().ravel()[:10]],
    "head": [repr(float(v)) for v in HEAD.numpy().ravel()],
}))
