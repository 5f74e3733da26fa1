"""The caller passes float64 and float32 numpy batches; the step casts them with
`x.astype(np.float32)` (a new array) and `m.astype(np.float32, copy=False)` (numpy
gives the same array when the dtype is already float32), and reports whether the
cast gave back the caller's array."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(83)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x, m):
    x32 = x.astype(np.float32)
    same = m.astype(np.float32, copy=False)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.constant(x32) @ w * tf.constant(same)))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, same is m, x32 is x, x32.dtype


for i in range(30):
    x = rng.normal(size=(4, 3)) * (1e-3 if i % 5 == 0 else 1.0)
    m = rng.uniform(size=(4, 1)).astype(np.float32)
    loss, kept, copied, dtype = train_step(x, m)
    print(i, repr(float(loss)), kept, copied, dtype)
print(json.dumps(w.numpy().ravel().tolist()))
