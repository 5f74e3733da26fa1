"""Helpers janus takes over (train_step refused: model-probability draw and crc32) use TF
control flow on tensors under train_step's tape: tf.switch_case with an index tensor that
changes every step, tf.case, tf.cond, tf.while_loop with a tensor trip count, tf.map_fn and
tf.scan. Eagerly these run as Python and the tape records the ops of the branch and the
iterations actually run; a graph holds Case/If/While ops, whose insides a per-op replay
cannot show the tape. Gradients printed exactly."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(171)
rng = np.random.default_rng(171)
XS = rng.normal(size=(100, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W")
PICK = np.random.default_rng(21)


def switched(x, idx):
    return tf.switch_case(idx, [lambda: tf.sin(x @ W),
                                lambda: tf.square(x @ W) * 0.5,
                                lambda: tf.tanh(x @ W) + x])


def cased(h):
    s = tf.reduce_sum(h)
    return tf.case([(s > 1.0, lambda: h * 2.0), (s < -1.0, lambda: -h)], default=lambda: h * h)


def conded(h):
    return tf.cond(tf.reduce_mean(h) > 0.0, lambda: tf.nn.relu(h @ W), lambda: tf.nn.elu(h @ W))


def looped(h, n):
    def body(i, acc):
        return i + 1, tf.tanh(acc @ W) + 0.1 * acc
    _, out = tf.while_loop(lambda i, acc: i < n, body, [tf.constant(0), h])
    return out


def mapped(h):
    m = tf.map_fn(lambda r: tf.reduce_sum(r * r) * W[0, 0], h)
    s = tf.scan(lambda a, r: a * 0.5 + r, h)
    return tf.reduce_sum(m) + tf.reduce_sum(s)


def train_step(x, idx, n):
    with tf.GradientTape() as tape:
        h = switched(x, idx)
        h = cased(h)
        h = conded(h)
        h = looped(h, n)
        loss = tf.reduce_mean(tf.square(h)) + 0.01 * mapped(h)
    gw = tape.gradient(loss, W)
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes())
    W.assign_sub(0.05 * gw)
    return loss, gw, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 4])
    idx = tf.constant(step % 3 if step < 20 else 1)
    n = tf.constant(1 + step % 4)
    loss, gw, pick, crc = train_step(x, idx, n)
    print(step, repr(float(loss)), pick, crc)
    print("   gw", gw.numpy().ravel().tolist())

print(json.dumps({"W": W.numpy().ravel().tolist()}))
