"""A raw-variable step refines its hidden state with `keras.ops.fori_loop(0, 3, REFINE,
h)`, where REFINE is a global `functools.partial(refine, DAMP, temperature=1.0)` of the
program's function holding an ndarray.  Mid-run the loop edits DAMP in place, edits
the partial's keywords in place, and then replaces REFINE with a partial of a list."""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(21)


def refine(damp, i, h, temperature=1.0):
    gain = tf.gather(tf.constant(damp, tf.float32), i)
    return h - gain * tf.tanh(h / temperature)


rng = np.random.default_rng(21)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 3:]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
V = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
DAMP = np.array([0.5, 0.3, 0.1], dtype=np.float32)
REFINE = functools.partial(refine, DAMP, temperature=1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = keras.ops.fori_loop(0, 3, REFINE, x @ W)
        loss = tf.reduce_mean(tf.square(h @ V - y))
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.05 * gw)
    V.assign_sub(0.05 * gv)
    return loss


for step in range(24):
    if step == 7:
        DAMP[1] = 0.9
    if step == 13:
        REFINE.keywords["temperature"] = 0.25
    if step == 19:
        REFINE = functools.partial(refine, [0.2, 0.2, 0.6], temperature=2.0)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), DAMP.tolist(), REFINE.keywords["temperature"])
print(json.dumps({"v": [repr(float(v)) for v in V.numpy().ravel()]}))
