"""Bag-of-words batches as tf.SparseTensor; the vocabulary (dense_shape) grows mid-run
while the number of non-zeros per batch stays the same.

Each batch is a SparseTensor with exactly 3 non-zeros per row (24 in all), dense_shape
[8, V].  The step reads the vocabulary size from the sparse tensor's static shape,
`V = sp.shape[1]` (in eager a Python int taken from the dense_shape *value*), scales the
bag by 1/log(V) (a vocabulary-size normalisation) and records V; it embeds through a
32-row table after `tf.sparse.reset_shape(sp, [8, 32])`.  At step 10 the tokenizer
grows the vocabulary to 24 words and at step 20 to 29: new words appear, the component
tensors (indices [24, 2], values [24], dense_shape [2]) keep their shapes and dtypes,
only dense_shape's value changes.  Eager's V follows.  A graph keyed on the components'
shapes, with `sp.shape[1]` taken from the build's dense_shape, would keep V = 20.
Probes: composite-tensor arguments whose static shape comes from a component's value.
"""
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1328)
rng = np.random.default_rng(1328)

B, CAP, D = 8, 32, 4
EMB = tf.Variable(rng.normal(size=(CAP, D)).astype(np.float32) * 0.3)
OUT = tf.Variable(rng.normal(size=(D, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.2)


def make_batch(vocab):
    rows, cols = [], []
    for r in range(B):
        words = np.sort(rng.choice(vocab, size=3, replace=False))
        rows += [r] * 3
        cols += words.tolist()
    idx = np.stack([rows, cols], axis=1).astype(np.int64)
    vals = rng.uniform(0.5, 2.0, size=(3 * B,)).astype(np.float32)
    target = np.array([[np.sin(c.sum() / 10.0)] for c in np.array(cols).reshape(B, 3)],
                      dtype=np.float32)
    return tf.SparseTensor(idx, vals, [B, vocab]), tf.constant(target)


BATCHES = [make_batch(20 if s < 10 else 24 if s < 20 else 29) for s in range(30)]
SIZES = []


def train_step(sp, y):
    V = sp.shape[1]
    scale = 1.0 / math.log(V)
    wide = tf.sparse.reset_shape(sp, [B, CAP])
    with tf.GradientTape() as tape:
        h = tf.sparse.sparse_dense_matmul(wide, EMB) * scale
        loss = tf.reduce_mean(tf.square(tf.tanh(h) @ OUT - y))
    grads = tape.gradient(loss, [EMB, OUT])
    OPT.apply_gradients(zip(grads, [EMB, OUT]))
    SIZES.append(V)
    return loss


for step in range(30):
    sp, y = BATCHES[step]
    loss = train_step(sp, y)
    print(step, repr(float(loss)), SIZES[-1])

print(json.dumps({
    "sizes": SIZES,
    "EMB_new_rows": [repr(float(v)) for v in EMB.numpy()[20:29].ravel()[:8]],
    "OUT": [repr(float(v)) for v in OUT.numpy().ravel()],
}))
