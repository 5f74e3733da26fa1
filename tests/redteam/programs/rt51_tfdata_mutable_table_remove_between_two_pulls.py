"""First-visit boosting through a lookup table the input pipeline reads: a
MutableHashTable maps example ids to a loss weight (3.0 for every id at the start,
default 1.0 when absent) and the dataset's map looks each example's weight up when the
element is made.  The step pulls example `a`, then clears the boost of `a` and of its
paired successor with `TABLE.remove([a.id, a.id + 1])`, then pulls example `b` (the
successor, whose weight eagerly is already 1.0).  The loop puts boosts of 2.0 back for
every id at step 20.  Dataset options switch prefetch injection and autotuning off, so
the map runs when the step pulls.  Probes: a pipeline that reads a lookup table which
the step changes (remove) between two pulls of one call: the weights the elements
carry, the losses, the table's size."""
import random

import numpy

random.seed(5113)
numpy.random.seed(5113)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5113)
rng = np.random.default_rng(5113)

N = 40
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([0.7, 0.0, -0.3], np.float32)).astype(np.float32)

TABLE = tf.lookup.experimental.MutableHashTable(key_dtype=tf.int64, value_dtype=tf.float32, default_value=1.0)
TABLE.insert(tf.range(N, dtype=tf.int64), tf.fill([N], 3.0))

OPTS = tf.data.Options()
OPTS.experimental_optimization.inject_prefetch = False
OPTS.autotune.enabled = False
DS = (tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS))
      .map(lambda i, x, y: {"id": i, "x": x, "y": y, "w": TABLE.lookup(i)})
      .repeat()
      .with_options(OPTS))
IT = iter(DS)

W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step():
    a = next(IT)
    TABLE.remove(tf.stack([a["id"], a["id"] + 1]))
    b = next(IT)
    with tf.GradientTape() as tape:
        la = a["w"] * tf.square(tf.reduce_sum(a["x"] * W) - a["y"])
        lb = b["w"] * tf.square(tf.reduce_sum(b["x"] * W) - b["y"])
        loss = la + lb
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, (int(a["id"]), float(a["w"])), (int(b["id"]), float(b["w"]))


weights = []
for step in range(40):
    if step == 20:
        TABLE.insert(tf.range(N, dtype=tf.int64), tf.fill([N], 2.0))
    loss, a, b = train_step()
    weights.append([a[1], b[1]])
    print(step, a, b, repr(float(loss)), int(TABLE.size()))

print(json.dumps({
    "weights": weights,
    "table_size": int(TABLE.size()),
    "w": [repr(float(v)) for v in W.numpy()],
}))
