"""train_step (no tape: janus takes it over as hot code, relaxing the batch dimension as it
changes) uses the batch size as Python numbers (x.shape[0], len(x), math.sqrt of it, a
Python loop over range(n // 2)) and as a tensor (tf.shape) in its arithmetic, and is called
under a module-level tape that watches x. Eager sees constants and a static shape; a graph
with a relaxed dimension computes them from Shape ops on the watched x. Gradients w.r.t. the
variables and x printed exactly."""
import json
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(241)
rng = np.random.default_rng(241)
XS = rng.normal(size=(200, 3)).astype(np.float32)
YS = rng.normal(size=(200, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5, name="W")
B = tf.Variable(np.float32(0.0), name="B")


def train_step(x, y):
    n = x.shape[0]
    m = len(x)
    err = x @ W + B - y
    loss = tf.reduce_sum(tf.square(err)) / n
    loss = loss + tf.reduce_sum(tf.abs(err)) / math.sqrt(m) * 0.1
    loss = loss + tf.reduce_sum(err) / tf.cast(tf.shape(x)[0], tf.float32) * 0.01
    acc = tf.zeros_like(err[:1])
    for i in range(n // 2):
        acc = acc + err[i:i + 1] * (i + 1) / n
    return loss + tf.reduce_sum(acc) * 0.05, n


for step in range(30):
    bs = 4 + step % 4
    i = (step * 6) % 190
    x = tf.constant(XS[i:i + bs])
    y = tf.constant(YS[i:i + bs])
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss, n = train_step(x, y)
    gw, gb, gx = tape.gradient(loss, [W, B, x])
    W.assign_sub(0.05 * gw)
    B.assign_sub(0.05 * gb)
    print(step, repr(float(loss)), n, type(n).__name__)
    print("   ", gw.numpy().ravel().tolist(), repr(float(gb)), gx.numpy().ravel().tolist()[:6])

print(json.dumps({"W": W.numpy().ravel().tolist(), "B": float(B.numpy())}))
