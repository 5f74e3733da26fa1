"""Probes: static shapes of a tf.cond result whose branches return different shapes.

The step keeps the k hardest examples of each batch: tf.cond(hard_phase, top 3, top 5)
picks the per-example losses through tf.math.top_k in either branch.  In eager tf.cond
runs one branch and its result has that branch's exact static shape, so
`kept.shape[0]` is a Python int (3 or 5); the step divides by it and returns it with
the kept tensor, whose static shape the loop prints ("(3,)" or "(5,)").  A traced tf.cond merges the
branches' shapes to (None,), where shape[0] is None.  The phase flips on a tensor
predicate computed from the data (the batch's mean loss) so both branches are seen
while profiling and the cond is real; from step 15 a threshold change makes the hard
phase more frequent."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1810)
rng = np.random.default_rng(1810)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) + rng.normal(size=(80, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
CFG = {"thr": 2.0}
SHAPES = []


def top3(per):
    return tf.math.top_k(per, k=3).values


def top5(per):
    return tf.math.top_k(per, k=5).values


def train_step(x, y):
    with tf.GradientTape() as tape:
        per = tf.reshape(tf.square(x @ W - y), [-1])
        hard = tf.reduce_mean(per) > CFG["thr"]
        kept = tf.cond(hard, lambda per=per: top3(per), lambda per=per: top5(per))
        n = kept.shape[0]
        loss = tf.reduce_sum(kept) / n
    g = tape.gradient(loss, W)
    W.assign_sub(0.02 * g)
    return loss, n, kept


for step in range(30):
    if step == 15:
        CFG["thr"] = 1.0
    i = (step * 10) % 70
    loss, n, kept = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    SHAPES.append(str(kept.shape))
    print(step, repr(float(loss)), "kept", repr(n), type(n).__name__, SHAPES[-1])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "shapes": SHAPES,
}))
