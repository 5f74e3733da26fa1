"""Helpers janus takes over (train_step refused: model-probability draw and crc32) wrap
their computations in tf.recompute_grad (a custom gradient that re-runs the block under a
tape of its own at backward time, reading the variables again) and tf.grad_pass_through (a
custom gradient of identity around a non-differentiable quantiser), and Keras' ops.stop_gradient.
Under train_step's tape eager records these as single custom-gradient ops; replaying the
graph's forward ops with registered gradients would give other gradients (or none)."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(231)
rng = np.random.default_rng(231)
XS = rng.normal(size=(100, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W")
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5, name="U")
PICK = np.random.default_rng(26)


def block(x):
    return tf.nn.softplus(x @ W) * tf.sigmoid(x)


CHECKPOINTED = tf.recompute_grad(block)
QUANT = tf.grad_pass_through(lambda t: tf.round(t * 4.0) / 4.0)


def body(x):
    h = CHECKPOINTED(x)
    return QUANT(h) + 0.1 * keras.ops.stop_gradient(h) * h


def head(h):
    return tf.reduce_mean(tf.square(h @ U - 0.5))


def train_step(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        h = body(x)
        loss = head(h)
    gw, gu, gx = tape.gradient(loss, [W, U, x])
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(g.numpy().tobytes() for g in (gw, gu, gx) if g is not None))
    if gw is not None:
        W.assign_sub(0.05 * gw)
    U.assign_sub(0.05 * gu)
    return loss, gw, gu, gx, pick, crc


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:5]


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 6])
    loss, gw, gu, gx, pick, crc = train_step(x)
    print(step, repr(float(loss)), pick, crc)
    print("   ", show(gw), show(gu), show(gx))

print(json.dumps({"W": W.numpy().ravel().tolist(), "U": U.numpy().ravel().tolist()}))
