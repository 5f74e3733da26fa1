"""Python-number bookkeeping in the step: float and int accumulators, an int hash that
overflows int64 mid-run (HASH = HASH*17 + big passes 2**63 at step 12), a numpy int64 hash that wraps, the
compensated sum() of Python 3.12+ against math.fsum, statistics.fmean and a naive reduce,
divmod / round / floor-division / modulo of graph-computed floats, float64 tensors.

Step 14: from outside, TOTAL becomes np.float32(TOTAL) (the accumulator's type changes:
         np.float32 += float stays np.float32 under NEP 50).
Step 20: WINDOW gets two huge values (1e16, -1e16) appended from outside, where the
         compensated sum() and a naive left fold differ.
Step 27: SCALE64 changes from np.float64(1/3) to a plain Python float 0.3.
Step 31: HASH is negated from outside.
A wrong converter sums without compensation, wraps or errors on the int overflow, loses the
np.float32 type, or rounds/floor-divides differently from Python."""
import functools
import math
import operator
import random
import statistics

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3119)
random.seed(3119)
rng = np.random.default_rng(3119)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

W = tf.Variable(rng.normal(size=(64, 10)).astype("float32") * 0.05)
TOTAL = 0.0
SEEN = 0
HASH = 7
NPHASH = np.int64(7)
WINDOW = []
SCALE64 = np.float64(1 / 3)


def train_step(x, y):
    global TOTAL, SEEN, HASH, NPHASH
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    g = tape.gradient(loss, W)
    W.assign_sub(0.3 * g)
    lv = float(loss)
    big = int(tf.reduce_sum(tf.cast(y, tf.int64) * 1000))
    TOTAL += lv
    SEEN += int(tf.size(y))
    HASH = HASH * 17 + big
    NPHASH = NPHASH * np.int64(17) + np.int64(big)
    WINDOW.append(lv * 1e8)
    WINDOW.append(-lv * 1e8 + 0.1)
    s_builtin = sum(WINDOW)
    s_fsum = math.fsum(WINDOW)
    s_naive = functools.reduce(operator.add, WINDOW, 0.0)
    fmean = statistics.fmean(WINDOW)
    l64 = float(tf.cast(loss, tf.float64) * SCALE64)
    q, r = divmod(lv * 100, 7)
    return (loss, TOTAL, SEEN, HASH, NPHASH, s_builtin, s_fsum, s_naive, fmean, l64, q, r,
            round(lv, 3), round(lv * 10), lv // 0.3, (-lv) % 0.3, int(-lv * 3.5), bool(loss > 2.0))


for step in range(38):
    if step == 14:
        TOTAL = np.float32(TOTAL)
    elif step == 20:
        WINDOW.extend([1e16, -1e16])
    elif step == 27:
        SCALE64 = 0.3
    elif step == 31:
        HASH = -HASH
    i = (step * 24) % (len(X) - 24)
    with np.errstate(over="ignore"):
        out = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]))
    loss, total, seen, h, nph = out[:5]
    print(step, repr(float(loss)), repr(total), type(total).__name__, seen, h, type(h).__name__,
          repr(nph), [repr(v) for v in out[5:]])

print("final", repr(TOTAL), SEEN, HASH, HASH.bit_length(), repr(NPHASH), len(WINDOW))
print("ck", repr(float(np.sum(np.abs(W.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
