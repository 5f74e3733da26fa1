"""train_step (refused: model-probability draw and crc32) passes its own persistent tape to
helpers, which call tape.watch on intermediates they compute, run part of their work inside
tape.stop_recording(), call tape.gradient on a partial result inside the tape's context
(so the gradient computation is recorded), and reset nothing. train_step then asks gradients
w.r.t. the variables, the watched intermediates and the partial gradient."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(341)
rng = np.random.default_rng(341)
XS = rng.normal(size=(120, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W")
PICK = np.random.default_rng(34)


def encode(tape, x):
    c = x * 2.0
    tape.watch(c)
    h = tf.tanh(c @ W)
    with tape.stop_recording():
        side = tf.reduce_sum(h @ W)
    return c, h, side


def partial_grad(tape, h):
    part = tf.reduce_sum(tf.sin(h) * W[0])
    g = tape.gradient(part, W)
    return part, g


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:4]


def train_step(x):
    with tf.GradientTape(persistent=True) as tape:
        c, h, side = encode(tape, x)
        part, g_part = partial_grad(tape, h)
        loss = tf.reduce_sum(h * h) + part * 0.5 + tf.reduce_sum(g_part * g_part) * 0.1 + side * 0.01
    grads = tape.gradient(loss, [W, c, h, g_part])
    del tape
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(grads[0].numpy().tobytes())
    W.assign_sub(0.02 * grads[0])
    return loss, side, grads, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 4])
    loss, side, grads, pick, crc = train_step(x)
    print(step, repr(float(loss)), repr(float(side)), pick, crc)
    print("   ", [show(g) for g in grads])

print(json.dumps({"W": W.numpy().ravel().tolist()}))
