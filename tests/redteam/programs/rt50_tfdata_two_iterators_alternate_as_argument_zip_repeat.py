"""Two iterators over different datasets are handed to the same training step as its
argument (`train_step(it, tag)`), alternating in a pattern the loop decides (A, A, B,
A, B, B, ...).  Iterator A walks a zipped dataset (features zip labels) repeated 3
times; iterator B a dataset mapped with a scale and batched by 3 (A's batches are 5).
When A runs out (StopIteration inside the step, not caught there) the loop replaces A
with a new iterator and counts it.  Probes: a step whose iterator argument changes
identity between calls, datasets of different shapes feeding one hot step, an
iterator ending in the step, the per-iterator positions (printed ids) and the weights."""
import random

import numpy

random.seed(61)
numpy.random.seed(61)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6112)
rng = np.random.default_rng(6112)
XA = rng.normal(size=(20, 2)).astype(np.float32)
YA = (XA[:, :1] - XA[:, 1:2]).astype(np.float32)
XB = rng.normal(size=(30, 2)).astype(np.float32)
YB = (XB[:, :1] - XB[:, 1:2]).astype(np.float32)

DS_A = tf.data.Dataset.zip((
    tf.data.Dataset.from_tensor_slices((np.arange(20, dtype=np.int32), XA)),
    tf.data.Dataset.from_tensor_slices(YA))).map(lambda a, y: (a[0], a[1], y)).batch(5).repeat(3)
DS_B = (tf.data.Dataset.from_tensor_slices((np.arange(100, 130, dtype=np.int32), XB, YB))
        .map(lambda i, x, y: (i, x * 0.5, y * 0.5)).batch(3).repeat())
IT_A = iter(DS_A)
IT_B = iter(DS_B)

W = tf.Variable([[0.1], [0.1]])
B = tf.Variable([0.0])
OPT = keras.optimizers.Adam(learning_rate=0.05)
TAGS = {"A": 0, "B": 0}


def train_step(it, tag):
    ids, x, y = next(it)
    TAGS[tag] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return ids, loss


PATTERN = "AABABBABAAABBBABABAABBAABABAAABBABBAABABAB"
renewed = 0
for step, tag in enumerate(PATTERN):
    it = IT_A if tag == "A" else IT_B
    try:
        ids, loss = train_step(it, tag)
    except StopIteration:
        renewed += 1
        IT_A = iter(DS_A)
        print(step, tag, "A ran out", renewed)
        continue
    print(step, tag, ids.numpy().tolist(), repr(float(loss)))

print(json.dumps({
    "tags": TAGS, "renewed": renewed,
    "w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
}))
