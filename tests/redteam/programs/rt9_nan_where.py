"""Non-finite and signed-zero gradients from helpers janus takes over (train_step refused:
model-probability draw and crc32) under train_step's tape: the tf.where trap (sqrt and log of
negative/zero values in the unselected branch give NaN gradients), tf.math.divide_no_nan,
abs and relu at exactly zero, maximum ties, multiplication by -0.0, and clip_by_value at its
bounds. Gradients printed with repr (nan, inf, -0.0 visible); the update skips non-finite
entries."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(381)
rng = np.random.default_rng(381)
XS = np.round(rng.normal(size=(120, 4)), 1).astype(np.float32)
XS[::7, 1] = 0.0
XS[::13] = 0.0
W = tf.Variable(np.round(rng.normal(size=(4, 4)), 1).astype(np.float32), name="W")
PICK = np.random.default_rng(37)


def traps(x):
    h = x @ W
    a = tf.where(h > 0.0, tf.sqrt(h), tf.zeros_like(h))
    b = tf.where(h > 0.0, tf.math.log(h), -h) + tf.where(h > 0.0, 1.0 / h, tf.zeros_like(h))
    c = tf.math.divide_no_nan(h, x[:, 1:2])
    d = tf.abs(x[:, 1:2] * h) + tf.nn.relu(x[:, 1:2] - 0.0) * h
    e = tf.maximum(h, tf.reverse(h, [1])) * -0.0
    f = tf.clip_by_value(h, -0.5, 0.5)
    return a, b, c, d, e, f


def rp(t):
    return [repr(float(v)) for v in t.numpy().ravel()[:8]]


def train_step(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        a, b, c, d, e, f = traps(x)
        parts = [tf.reduce_sum(t) for t in (a, b, c, d, e, f)]
        loss = tf.add_n(parts)
    g_all = tape.gradient(loss, [W, x])
    g_parts = [tape.gradient(pt, W) for pt in parts]
    del tape
    finite = tf.where(tf.math.is_finite(g_all[0]), g_all[0], 0.0)
    p = tf.nn.softmax(tf.reshape(f, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(g_all[0].numpy().tobytes() + g_all[1].numpy().tobytes())
    W.assign_sub(0.01 * tf.clip_by_value(finite, -1.0, 1.0))
    return loss, g_all, g_parts, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 5])
    loss, g_all, g_parts, pick, crc = train_step(x)
    print(step, repr(float(loss)), pick, crc)
    print("   W", rp(g_all[0]), "x", rp(g_all[1]))
    for i, g in enumerate(g_parts):
        print("   part", i, rp(g))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
