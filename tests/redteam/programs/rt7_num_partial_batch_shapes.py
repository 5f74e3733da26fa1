"""Python ints taken from tensor shapes while the batch size varies: a tf.data pipeline with a
partial last batch, `x.shape[0]`, `len(x)`, `int(tf.shape(x)[0])`, integer arithmetic and a
Python-side branch on the batch size, running totals of examples seen.

Epochs over 200 examples in batches of 24 (8 full + one of 8). Step 20: the dataset is
rebatched to 20 (no partial batch). Step 29: it becomes batch 32 with drop_remainder=True.
The step splits the batch into micro-batches of MICRO (computed in Python with divmod from the
batch size; MICRO changes 8 -> 6 at step 24, giving uneven splits) and averages their losses
weighted by size; it counts SEEN (examples) and PARTIAL (batches smaller than the nominal size).
A wrong converter carries a relaxed batch dimension into Python ints wrongly, keeps the split
sizes of another batch size, or miscounts."""
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4937)
random.seed(4937)
rng = np.random.default_rng(4937)

digits = load_digits()
X = (digits.data[:200] / 16.0).astype("float32")
Y = digits.target[:200].astype("int32")

W = tf.Variable(rng.normal(size=(64, 10)).astype("float32") * 0.05)
NOMINAL = 24
MICRO = 8
SEEN = 0
PARTIAL = 0


def make_ds(bs, drop=False):
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(bs, drop_remainder=drop)


def train_step(x, y):
    global SEEN, PARTIAL
    n = x.shape[0]
    assert n == len(x) == int(tf.shape(x)[0])
    k, rem = divmod(n, MICRO)
    sizes = [MICRO] * k + ([rem] if rem else [])
    with tf.GradientTape() as tape:
        parts = zip(tf.split(x, sizes), tf.split(y, sizes))
        total = 0.0
        for xs, ys in parts:
            ce = tf.nn.sparse_softmax_cross_entropy_with_logits(ys, xs @ W)
            total = total + tf.reduce_mean(ce) * (xs.shape[0] / n)
    W.assign_sub(0.4 * tape.gradient(total, W))
    SEEN += n
    if n < NOMINAL:
        PARTIAL += 1
    return total, n, sizes


DS = make_ds(24)
it = iter(DS)
for step in range(38):
    if step == 20:
        NOMINAL = 20
        DS = make_ds(20)
        it = iter(DS)
    elif step == 24:
        MICRO = 6
    elif step == 29:
        NOMINAL = 32
        DS = make_ds(32, drop=True)
        it = iter(DS)
    try:
        xb, yb = next(it)
    except StopIteration:
        it = iter(DS)
        xb, yb = next(it)
    loss, n, sizes = train_step(xb, yb)
    print(step, repr(float(loss)), n, sizes, SEEN, PARTIAL, type(n).__name__)

print("ck", repr(float(np.sum(np.abs(W.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
