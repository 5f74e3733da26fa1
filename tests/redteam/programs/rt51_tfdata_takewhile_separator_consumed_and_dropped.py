"""Document-chunk training: a tf.data iterator yields token rows with an id and a `tag`;
a row with tag 0 is a separator between documents.  The step trains on one document per
call: `for e in itertools.takewhile(lambda e: e["tag"] != 0, it)` (the separator is
pulled by takewhile and dropped), so each call pulls the document's rows plus its
separator.  Documents have 3 rows at first, then 1..5 rows, and twice two separators
follow each other (an empty document: the step then trains on nothing and reports it).
Probes: itertools.takewhile over a tf.data iterator inside the step with a predicate on
the element (a tensor truth test): the failing element is consumed, no id skipped or
seen twice, empty documents counted."""
import random

import numpy

random.seed(5104)
numpy.random.seed(5104)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5104)
rng = np.random.default_rng(5104)

DOC_LENGTHS = [3, 3, 3, 3, 3, 3, 2, 4, 0, 1, 3, 5, 2, 3, 0, 1, 4, 3, 2, 2, 3, 1, 5, 3, 2, 4, 1, 3, 2, 3, 3, 2]
tags = []
for n in DOC_LENGTHS:
    tags += [1 + (k % 3) for k in range(n)] + [0]
N = len(tags)
TAGS = np.array(tags, dtype=np.int32)
IDS = np.arange(N, dtype=np.int64)
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS[:, 0] - XS[:, 3]).astype(np.float32)

DS = tf.data.Dataset.from_tensor_slices({"id": IDS, "tag": TAGS, "x": XS, "y": YS})
IT = iter(DS)

W = tf.Variable(tf.zeros((4,)), name="w")
OPT = keras.optimizers.Adam(learning_rate=0.05)
EMPTY = []


def train_step(step):
    xs, ys, ids = [], [], []
    for e in itertools.takewhile(lambda e: e["tag"] != 0, IT):
        xs.append(e["x"])
        ys.append(e["y"] * tf.cast(e["tag"], tf.float32))
        ids.append(int(e["id"]))
    if not xs:
        EMPTY.append(step)
        return None, ids
    x = tf.stack(xs)
    y = tf.stack(ys)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, ids


docs = []
for step in range(len(DOC_LENGTHS)):
    loss, ids = train_step(step)
    docs.append(ids)
    print(step, ids, "empty" if loss is None else repr(float(loss)))

print(json.dumps({
    "docs": docs,
    "empty": EMPTY,
    "w": [repr(float(v)) for v in W.numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
