"""Training from `dataset.as_numpy_iterator()` (TF's numpy wrapper around a tf.data
iterator, common in code that mixes numpy preprocessing in): the step pulls two (ids, x,
y) tuples of ndarrays with next(), converts them with tf.constant, trains, and returns
the ids as Python lists; it also keeps `type(x).__name__` and `x.dtype.name` of what it
pulled.  A partial batch ends every epoch (batch 5 over 23 rows).  Probes: pulls through
as_numpy_iterator (library Python around the tf.data iterator) inside the step: ids per
call, element types, the wrapper's position after the run."""
import random

import numpy

random.seed(5116)
numpy.random.seed(5116)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5116)
rng = np.random.default_rng(5116)

N = 23
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.0], [-0.5], [0.25]], np.float32)).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS)).batch(5).repeat()
NP_IT = DS.as_numpy_iterator()

W = tf.Variable(tf.zeros((4, 1)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)
KINDS = []


def train_step():
    ia, xa, ya = next(NP_IT)
    ib, xb, yb = next(NP_IT)
    KINDS.append((type(xa).__name__, xa.dtype.name, ia.dtype.name))
    x = tf.constant(np.concatenate([xa, xb]))
    y = tf.constant(np.concatenate([ya, yb]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, ia.tolist(), ib.tolist()


for step in range(32):
    loss, ia, ib = train_step()
    print(step, ia, ib, repr(float(loss)))

print("kinds", sorted(set(KINDS)), len(KINDS))
print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "next": next(NP_IT)[0].tolist()}))
