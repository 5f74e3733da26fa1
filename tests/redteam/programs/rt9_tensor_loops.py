"""Python loops on tensors in helpers janus takes over (train_step refused: model-probability
draw and crc32) under train_step's tape: a `while` on a tensor condition whose trip count
depends on the data (1 to 4 iterations), a `for i in tf.range(n)` whose n is a tensor
argument constant for 12 steps and then changing, and a Python `if` on a tensor inside the
loop body. Eager records the iterations actually run; janus unrolls under an assertion or
builds a while loop (whose calls under a tape must then run in the interpreter)."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(391)
rng = np.random.default_rng(391)
XS = rng.normal(size=(150, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.6, name="W")
PICK = np.random.default_rng(38)


def shrink(h):
    trips = 0
    while tf.reduce_max(tf.abs(h)) > 0.6:
        h = h * 0.7 + tf.tanh(h @ W) * 0.05
        trips += 1
    return h, trips


def repeat(h, n):
    for i in tf.range(n):
        h = tf.sin(h @ W) + h * 0.5
        if tf.reduce_sum(h) > 0.0:
            h = h * 0.9
    return h


def train_step(x, n):
    with tf.GradientTape() as tape:
        h, trips = shrink(x @ W)
        h = repeat(h, n)
        loss = tf.reduce_mean(tf.square(h - 0.1))
    gw = tape.gradient(loss, W)
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes())
    W.assign_sub(0.05 * gw)
    return loss, trips, gw, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 4:step * 4 + 5])
    n = tf.constant(2 if step < 12 else 1 + step % 3)
    loss, trips, gw, pick, crc = train_step(x, n)
    print(step, repr(float(loss)), trips, int(n), pick, crc)
    print("   ", gw.numpy().ravel().tolist())

print(json.dumps({"W": W.numpy().ravel().tolist()}))
