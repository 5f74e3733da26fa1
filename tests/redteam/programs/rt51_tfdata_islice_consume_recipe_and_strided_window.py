"""Sub-sampling a stream: each call first skips SKIP elements of a tf.data iterator with
the itertools `consume` recipe `next(islice(it, n, n), None)` (islice pulls n elements
and yields none), then trains on `islice(it, 1, STOP, 3)` (pulls STOP elements, or up to
the last one it yields, and trains on every third starting at the second).  The loop
changes SKIP (2 -> 0 -> 3) and STOP (7 -> 5 -> 6) mid-run.  Probes: islice over a tf.data
iterator inside the step with start >= stop and with a step: how many elements each
call pulls, and which ids it trains on."""
import random

import numpy

random.seed(5107)
numpy.random.seed(5107)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5107)
rng = np.random.default_rng(5107)

N = 97
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS @ np.array([0.2, 0.4, -0.6, 0.8], np.float32)).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS)).repeat()
IT = iter(DS)

W = tf.Variable(tf.zeros((4,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)
SKIP = 2
STOP = 7


def consume(iterator, n):
    next(itertools.islice(iterator, n, n), None)


def train_step():
    consume(IT, SKIP)
    xs, ys, ids = [], [], []
    for i, x, y in itertools.islice(IT, 1, STOP, 3):
        xs.append(x)
        ys.append(y)
        ids.append(int(i))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(tf.stack(xs), W) - tf.stack(ys)))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, ids


history = []
for step in range(36):
    if step == 12:
        SKIP = 0
        STOP = 5
    if step == 24:
        SKIP = 3
        STOP = 6
    loss, ids = train_step()
    history.append(ids)
    print(step, SKIP, STOP, ids, repr(float(loss)))

print(json.dumps({
    "history": history,
    "next_id": int(next(IT)[0]),
    "w": [repr(float(v)) for v in W.numpy()],
}))
