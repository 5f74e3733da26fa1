"""Quarantined shards: the step trains on `for ids, x, y in itertools.islice(IT, 3)` and
raises the program's BadShard exception as soon as a pulled batch's first id is in the
BAD list (`int(ids[0]) in BAD`), after pulling 1, 2 or 3 of the call's batches; eagerly
the batches after it are not pulled.  The loop catches BadShard, prints it, and every
seventh step takes one batch itself with `IT.get_next()` for a quick check.  Probes: a
Python raise decided by pulled data part-way through a loop of pulls (pulled-ahead
elements handed back), followed by pulls through next() in the step and get_next()
outside: every id trained on, skipped or checked, exactly once and in order."""
import random

import numpy

random.seed(5121)
numpy.random.seed(5121)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5121)
rng = np.random.default_rng(5121)


class BadShard(Exception):
    pass


N = 400
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([-0.2, 0.9, 0.4], np.float32)).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS)).batch(2)
IT = iter(DS)
BAD = [22, 50, 52, 96, 140, 198, 230]

W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step():
    used = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for ids, x, y in itertools.islice(IT, 3):
            first = int(ids[0])
            if first in BAD:
                raise BadShard(f"shard {first} is quarantined after {len(used)} good batches")
            used.append(first)
            loss = loss + tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, used


trained, checked, bad = [], [], []
for step in range(42):
    if step % 7 == 6:
        ids, x, y = IT.get_next()
        checked.append(int(ids[0]))
        print(step, "check", int(ids[0]), repr(float(tf.reduce_sum(y))))
    try:
        loss, used = train_step()
        trained += used
        print(step, used, repr(float(loss)))
    except BadShard as e:
        bad.append(str(e))
        print(step, "BadShard:", e)

print(json.dumps({
    "trained": trained,
    "checked": checked,
    "bad": bad,
    "w": [repr(float(v)) for v in W.numpy()],
    "next": int(next(IT)[0][0]),
}))
