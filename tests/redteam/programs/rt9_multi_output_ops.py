"""Ops with several outputs, only some of them used, in a helper janus takes over
(train_step refused: model-probability draw and crc32) under train_step's tape: tf.split and
tf.unstack with unused pieces, tf.math.top_k (values only), tf.nn.moments, tf.linalg.qr,
tf.linalg.eigh, tf.unique, tf.nn.fused_batch_norm, tf.meshgrid. Eager's tape fills the unused
outputs' gradients with zeros of the shapes it recorded; a replay must hand it every output
of each op, used or not. Gradients printed exactly."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(281)
rng = np.random.default_rng(281)
XS = rng.normal(size=(120, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W")
G = tf.Variable(np.ones((4,), np.float32), name="G")
PICK = np.random.default_rng(29)


def pieces(x):
    h = x @ W
    a, _, c = tf.split(h, [1, 2, 1], axis=1)
    r0, _, r2, _ = tf.unstack(h[:4], axis=0)
    top, _ = tf.math.top_k(h, k=2)
    mean, var = tf.nn.moments(h, axes=[0])
    q, _ = tf.linalg.qr(h[:4])
    sym = h[:4] @ tf.transpose(h[:4]) + tf.eye(4) * 3.0
    e, _ = tf.linalg.eigh(sym)
    uniq, _ = tf.unique(tf.constant([3, 1, 3, 2]))
    img = tf.reshape(h[:4], [1, 2, 2, 4])
    y, bm, bv = tf.compat.v1.nn.fused_batch_norm(img, G, tf.zeros(4), epsilon=1e-3, is_training=True)[:3]
    gx, gy = tf.meshgrid(h[0, :2], h[1, :3])
    return (tf.reduce_sum(a * c) + tf.reduce_sum(r0 * r2) + tf.reduce_sum(top * 0.5)
            + tf.reduce_sum(var) * 0.1 + tf.reduce_sum(tf.abs(q)) * 0.01 + tf.reduce_sum(e) * 1e-3
            + tf.reduce_sum(tf.square(y)) * 0.05 + tf.reduce_sum(gx * gy) * 0.01
            + tf.cast(tf.reduce_sum(uniq), tf.float32) * 0.0 + tf.reduce_sum(mean) * 0.2)


def train_step(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = pieces(x)
    gw, gg, gx = tape.gradient(loss, [W, G, x])
    p = tf.nn.softmax(tf.reshape(gw, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes() + gx.numpy().tobytes())
    W.assign_sub(0.01 * tf.clip_by_value(gw, -1.0, 1.0))
    G.assign_sub(0.01 * gg)
    return loss, gw, gg, gx, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 6])
    loss, gw, gg, gx, pick, crc = train_step(x)
    print(step, repr(float(loss)), pick, crc)
    print("   ", gw.numpy().ravel().tolist()[:6], gg.numpy().tolist(), gx.numpy().ravel().tolist()[:6])

print(json.dumps({"W": W.numpy().ravel().tolist(), "G": G.numpy().tolist()}))
