"""A bag-of-words regressor fed SparseTensor batches built by a hand-written collator
that sometimes (every 4th batch from step 6 on) emits the indices of one row out of
order.  The step trains with `tf.sparse.sparse_dense_matmul` (which accepts any order),
applies Adam, increments a Python counter and a variable, and only then calls
`tf.sparse.to_dense(batch)` to count non-zeros, which eagerly raises
InvalidArgumentError for unordered indices after the update landed.  The loop catches
the error, prints its class and text after the function node prefix, and goes on.
Probes: a failing op after the optimizer update and Python writes (eager leaves the
update and the counter applied, then raises), sparse composite arguments whose
indices differ in order only, and the error text the program sees."""
import random

import numpy

random.seed(545)
numpy.random.seed(545)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(545)
rng = np.random.default_rng(545)
VOCAB = 12
EMB = tf.Variable(rng.normal(size=(VOCAB, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(0.05)
TRUE_W = rng.normal(size=(VOCAB,)).astype(np.float32)
STATE = {"updates": 0, "nnz": 0}
NNZ = tf.Variable(0, dtype=tf.int64)


def collate(step):
    r = np.random.default_rng(2000 + step)
    idx, vals, ys = [], [], []
    for row in range(6):
        toks = sorted(set(r.integers(0, VOCAB, size=4).tolist()))
        cnt = r.integers(1, 3, size=len(toks)).astype(np.float32)
        pairs = [[row, t] for t in toks]
        if step >= 6 and step % 4 == 2 and row == 3 and len(pairs) > 1:
            pairs[0], pairs[1] = pairs[1], pairs[0]
            cnt[0], cnt[1] = cnt[1], cnt[0]
        idx += pairs
        vals += cnt.tolist()
        ys.append(float(sum(TRUE_W[t] * c for t, c in zip(toks, cnt))))
    sp = tf.SparseTensor(indices=np.array(idx, np.int64), values=np.array(vals, np.float32),
                         dense_shape=[6, VOCAB])
    return sp, tf.constant(np.array(ys, np.float32)[:, None])


def train_step(sp, y):
    with tf.GradientTape() as tape:
        pred = tf.sparse.sparse_dense_matmul(sp, EMB)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [EMB])
    OPT.apply_gradients(zip(grads, [EMB]))
    STATE["updates"] += 1
    NNZ.assign_add(1)
    dense = tf.sparse.to_dense(sp)
    STATE["nnz"] += int(tf.math.count_nonzero(dense))
    return loss


for step in range(32):
    sp, y = collate(step)
    try:
        loss = train_step(sp, y)
        print(step, repr(float(loss)), STATE["updates"], STATE["nnz"], int(NNZ.numpy()))
    except tf.errors.InvalidArgumentError as e:
        print(step, "caught", type(e).__name__, str(e).split("}}")[-1].strip(), STATE["updates"],
              STATE["nnz"], int(NNZ.numpy()), int(OPT.iterations.numpy()))

print(json.dumps({"emb": [repr(float(v)) for v in EMB.numpy().ravel()], "state": STATE,
                  "iters": int(OPT.iterations.numpy())}))
