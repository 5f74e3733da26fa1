"""Helpers janus takes over (train_step refused: model-probability draw and crc32) receive
tf.Variables as arguments: the same helper is applied to a different variable on each call of
a step (one graph for all of them, the handle an input), one call passes the same variable
twice, and one passes a non-trainable variable. All under train_step's tape: each variable's
gradient must reach that variable (the tape identifies it by its handle)."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(211)
rng = np.random.default_rng(211)
XS = rng.normal(size=(100, 4)).astype(np.float32)
LAYERS = [tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name=f"L{i}") for i in range(4)]
FROZEN = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, trainable=False, name="FROZEN")
PICK = np.random.default_rng(24)


def apply_layer(v, x):
    return tf.tanh(x @ v) + 0.1 * x


def bilinear(a, b, x):
    return tf.reduce_sum((x @ a) * (x @ b))


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:4]


def train_step(x, step):
    order = LAYERS if step % 2 == 0 else LAYERS[::-1]
    with tf.GradientTape() as tape:
        h = x
        for v in order:
            h = apply_layer(v, h)
        h = apply_layer(FROZEN, h)
        loss = tf.reduce_mean(tf.square(h)) + 0.01 * bilinear(LAYERS[1], LAYERS[1], x) \
            + 0.01 * bilinear(LAYERS[0], LAYERS[2], h)
    grads = tape.gradient(loss, LAYERS + [FROZEN])
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(g.numpy().tobytes() for g in grads[:4]))
    for v, g in zip(LAYERS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 5])
    loss, grads, pick, crc = train_step(x, step)
    print(step, repr(float(loss)), pick, crc)
    print("   ", [show(g) for g in grads])

print(json.dumps({v.name: v.numpy().ravel().tolist() for v in LAYERS}))
