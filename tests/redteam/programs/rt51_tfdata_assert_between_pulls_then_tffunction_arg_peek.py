"""A regression step pulls two batches per call from one tf.data iterator of id-tagged
rows: it pulls batch `a`, checks it with tf.debugging.assert_all_finite (two rows of the
data are NaN), and only then pulls batch `b`.  A batch with a NaN row makes the step
raise after its first pull (eagerly `b` is never pulled); the loop catches the error and
hands the same iterator to the program's own tf.function `peek(it)` (the iterator is an
argument of the tf.function), which pulls one batch and reports its ids, then training
goes on.  Probes: elements a failed step did not take eagerly (pulled ahead before the
graph ran, then handed back) and a later pull made by a tf.function that gets the
iterator as an argument (it rebuilds the iterator from its resource): which ids the
peek and the following steps see."""
import random

import numpy

random.seed(5101)
numpy.random.seed(5101)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5101)
rng = np.random.default_rng(5101)

N = 300
IDS = np.arange(N, dtype=np.int64)
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32)).astype(np.float32)
XS[[37, 121]] = np.nan  # batches 18 and 60 (batch size 2) hold a NaN row

DS = tf.data.Dataset.from_tensor_slices({"id": IDS, "x": XS, "y": YS}).batch(2)
IT = iter(DS)

W = tf.Variable(tf.zeros((4, 1)), name="w")
B = tf.Variable(tf.zeros((1,)), name="b")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(it):
    a = next(it)
    tf.debugging.assert_all_finite(a["x"], "non-finite batch")
    b = next(it)
    x = tf.concat([a["x"], b["x"]], 0)
    y = tf.concat([a["y"], b["y"]], 0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, a["id"], b["id"]


@tf.function
def peek(it):
    e = next(it)
    return e["id"]


skipped = []
peeked = []
for step in range(60):
    try:
        loss, ia, ib = train_step(IT)
        print(step, "loss", repr(float(loss)), ia.numpy().tolist(), ib.numpy().tolist())
    except tf.errors.InvalidArgumentError as e:
        print(step, "skipped:", type(e).__name__)
        skipped.append(step)
        ids = peek(IT).numpy().tolist()
        peeked.append(ids)
        print(step, "peek ids", ids)

print(json.dumps({
    "skipped": skipped,
    "peeked": peeked,
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "b": repr(float(B.numpy()[0])),
    "iterations": int(OPT.iterations.numpy()),
}))
