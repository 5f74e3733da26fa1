"""A residual MLP applies the same block three times per step, each inside
`with tf.name_scope("block") as scope:`, and keeps the scope string and
tf.get_current_name_scope() of each block in a list (a per-block statistics table is
keyed by them).  Eagerly name_scope returns "block/" every time (eager scopes are never
uniquified); a graph's name scope makes "block/", "block_1/", "block_2/".  Probes: the
value a TF context manager returns, and the current scope read inside it."""
import random

import numpy

random.seed(3415)
numpy.random.seed(3415)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3415)
rng = np.random.default_rng(3415)
XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = np.tanh(XS.sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
WS = [tf.Variable(rng.normal(size=(6, 6)).astype(np.float32) * 0.2) for _ in range(3)]
HEAD = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TABLE = {}


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = x
        for w in WS:
            with tf.name_scope("block") as scope:
                key = scope + "|" + tf.get_current_name_scope()
                h = h + tf.tanh(h @ w)
                TABLE[key] = TABLE.get(key, 0) + 1
        loss = tf.reduce_mean(tf.square(h @ HEAD - y))
    tv = WS + [HEAD]
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss


for step in range(32):
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), len(TABLE))

print("table", sorted(TABLE.items()))
print("head", [float(a).hex() for a in HEAD.numpy().ravel()])
