"""Probe: ndarray-subclass arguments whose operators mean something else (np.matrix).

Batches are square 6x6 float32 arrays. The step computes numpy features from its
ndarray argument before handing it to TF: `xb * xb` (elementwise for ndarray, a matrix
product for np.matrix), `xb ** 2` (elementwise vs matrix power), `xb[0]` (shape (6,) vs
(1, 6)) and `xb.T`. Steps 0-11 pass plain ndarrays; from step 12 on every other batch
is the same data as an np.matrix (an ndarray subclass, so isinstance(x, np.ndarray) is
True). Eager runs numpy's operators for the actual type. A builder that treats any
ndarray argument as a plain array (elementwise `*`, 1-d row) gives the ndarray answer
for matrix batches. Mechanism: ndarray subclasses with overridden operators and
indexing as step arguments."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import warnings

import keras
import numpy as np
import tensorflow as tf

warnings.simplefilter("ignore", PendingDeprecationWarning)
keras.utils.set_random_seed(1519)
rng = np.random.default_rng(1519)
XS = (rng.normal(size=(60, 6)) * 0.5).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1))).astype(np.float32)
W = tf.Variable(np.zeros((6, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(xb, yb):
    gram = xb * xb
    sq = xb ** 2
    row = xb[0]
    xt = xb.T
    feat = tf.convert_to_tensor(np.asarray(xb), tf.float32)
    energy = tf.reduce_mean(tf.convert_to_tensor(np.asarray(gram), tf.float32))
    sq_mean = tf.reduce_mean(tf.convert_to_tensor(np.asarray(sq), tf.float32))
    with tf.GradientTape() as tape:
        pred = feat @ W
        loss = tf.reduce_mean(tf.square(pred - yb)) * (1.0 + 0.1 * tf.abs(energy))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, energy, sq_mean, row.shape, xt.shape, type(gram).__name__


for step in range(30):
    i = (step * 6) % 54
    xb = XS[i:i + 6]
    if step >= 12 and step % 2 == 1:
        xb = np.matrix(xb)
    loss, energy, sq_mean, rshape, tshape, kind = train_step(xb, tf.constant(YS[i:i + 6]))
    print(step, type(xb).__name__, repr(round(float(loss), 6)), round(float(energy), 6),
          round(float(sq_mean), 6), rshape, tshape, kind)

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()]}))
