"""A tiny recurrent scorer trained on padded batches of variable-length sequences:
`padded_batch(3)` over sequences of 2..9 steps, so the time dimension of every batch
differs (eight lengths).  Each call pulls two batches with `for seq, mask, ids in
itertools.islice(it, 2)`, reads `T = seq.shape[1]` as a Python int, runs a Python
`for t in range(T)` recurrence and masks padded steps, and prints T per batch.
Probes: tf.data elements whose shapes change on almost every pull inside a loop of
pulls (exact shapes, then relaxed dimensions) with a Python loop bounded by a dimension
read from the element: losses, the Ts printed, ids."""
import random

import numpy

random.seed(5111)
numpy.random.seed(5111)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5111)
rng = np.random.default_rng(5111)

N = 66
LENS = rng.integers(2, 10, size=N)
SEQS = [rng.normal(size=(int(n),)).astype(np.float32) for n in LENS]


ROWS = tf.data.Dataset.from_tensor_slices(tf.ragged.constant(SEQS))
DS = (tf.data.Dataset.zip((ROWS, tf.data.Dataset.range(N)))
      .map(lambda r, i: (r, tf.ones_like(r), i))
      .padded_batch(3, padded_shapes=([None], [None], []))
      .repeat())
IT = iter(DS)

WX = tf.Variable(0.5, name="wx")
WH = tf.Variable(0.3, name="wh")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step():
    ts, all_ids = [], []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for seq, mask, ids in itertools.islice(IT, 2):
            T = seq.shape[1]
            h = tf.zeros_like(seq[:, 0])
            for t in range(T):
                nh = tf.tanh(WX * seq[:, t] + WH * h)
                h = mask[:, t] * nh + (1.0 - mask[:, t]) * h
            target = tf.reduce_sum(seq * mask, axis=1) / tf.reduce_sum(mask, axis=1)
            loss = loss + tf.reduce_mean(tf.square(h - tf.tanh(target)))
            ts.append(T)
            all_ids.append(ids.numpy().tolist())
    grads = tape.gradient(loss, [WX, WH])
    OPT.apply_gradients(zip(grads, [WX, WH]))
    return loss, ts, all_ids


for step in range(36):
    loss, ts, ids = train_step()
    print(step, ts, ids, repr(float(loss)))

print(json.dumps({"wx": repr(float(WX.numpy())), "wh": repr(float(WH.numpy())),
                  "iterations": int(OPT.iterations.numpy())}))
