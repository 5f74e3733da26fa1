"""The step turns its softmax into float64 numpy probabilities
(`p = probs.numpy().astype(np.float64)`) and returns them with an int64 copy of the
argmax; the loop samples from them with numpy's generator and prints them.  numpy's
astype is a new array of the target dtype, cast as C casts."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(81)
w = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32))
SAMPLER = np.random.default_rng(5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ w
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    w.assign_sub(0.1 * tape.gradient(loss, w))
    probs = tf.nn.softmax(logits[0])
    p = probs.numpy().astype(np.float64)
    best = tf.argmax(logits, axis=1).numpy().astype("int64")
    return loss, p, best


for i in range(30):
    x = tf.constant(rng.normal(size=(5, 3)).astype(np.float32))
    y = tf.constant(rng.integers(0, 4, size=5).astype(np.int32))
    loss, p, best = train_step(x, y)
    pick = SAMPLER.choice(4, p=p / p.sum())
    print(i, repr(float(loss)), p.dtype, [repr(float(v)) for v in p], best.dtype,
          best.tolist(), int(pick))
print(json.dumps(w.numpy().ravel().tolist()))
