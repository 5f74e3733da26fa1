"""Two batches per call from `from_tensor_slices(27 rows).batch(6).repeat()`: the batch
sizes run 6,6,6,6,3 per epoch, so the partial batch of 3 comes as the first pull of one
call and as the second pull of another ((3,6) and (6,3) alternate with (6,6)).  The step
weights each batch by a Python float `1.0 / a.shape[0]` read from the static shape and
prints both batch sizes and the ids.  Probes: per-pull exact shapes inside one call when
the odd-shaped batch moves between pull positions (and dimension relaxation after more
than three shape combinations): shapes, Python numbers and ids per call."""
import random

import numpy

random.seed(5110)
numpy.random.seed(5110)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5110)
rng = np.random.default_rng(5110)

N = 27
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.1], [-0.7], [0.2]], np.float32)).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS)).batch(6).repeat()
IT = iter(DS)

W = tf.Variable(tf.zeros((4, 1)), name="w")
B = tf.Variable(tf.zeros((1,)), name="b")
OPT = keras.optimizers.Adam(learning_rate=0.03)


def train_step():
    ia, xa, ya = next(IT)
    ib, xb, yb = next(IT)
    wa = 1.0 / xa.shape[0]
    wb = 1.0 / xb.shape[0]
    with tf.GradientTape() as tape:
        la = tf.reduce_sum(tf.square(xa @ W + B - ya)) * wa
        lb = tf.reduce_sum(tf.square(xb @ W + B - yb)) * wb
        loss = la + lb
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, (xa.shape[0], xb.shape[0]), ia.numpy().tolist() + ib.numpy().tolist(), wa + wb


shapes = []
for step in range(40):
    loss, sizes, ids, wsum = train_step()
    shapes.append(list(sizes))
    print(step, sizes, ids, repr(wsum), repr(float(loss)))

print(json.dumps({
    "shapes": shapes,
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "b": repr(float(B.numpy()[0])),
    "iterations": int(OPT.iterations.numpy()),
}))
