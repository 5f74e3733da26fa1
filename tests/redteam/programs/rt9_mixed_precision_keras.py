"""Keras mixed precision (global policy mixed_bfloat16) in helpers janus takes over
(train_step refused: model-probability draw and crc32) under train_step's tape: Dense layers
compute in bfloat16 with float32 variables (every kernel read goes through an autocast Cast
op), a LayerNormalization, and a float32 output layer; the loss is float32. Gradients reach
the float32 variables through the Cast records; printed exactly per variable."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.mixed_precision.set_global_policy("mixed_bfloat16")
tf.keras.utils.set_random_seed(411)
rng = np.random.default_rng(411)
XS = rng.normal(size=(150, 5)).astype(np.float32)
YS = rng.normal(size=(150, 1)).astype(np.float32)
L1 = keras.layers.Dense(8, activation="relu")
LN = keras.layers.LayerNormalization()
L2 = keras.layers.Dense(4, activation="tanh")
OUT = keras.layers.Dense(1, dtype="float32")
for layer, d in ((L1, 5), (LN, 8), (L2, 8), (OUT, 4)):
    layer.build((None, d))
VARS = L1.trainable_weights + LN.trainable_weights + L2.trainable_weights + OUT.trainable_weights
PICK = np.random.default_rng(39)


def body(x):
    h = L1(x)
    h = LN(h)
    return L2(h)


def head(h):
    return OUT(h)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = body(x)
        out = head(h)
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, VARS)
    p = tf.nn.softmax(tf.reshape(out, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(g.numpy().tobytes() for g in grads))
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, h.dtype.name, out.dtype.name, grads, pick, crc


for step in range(30):
    i = (step * 5) % 140
    loss, hd, od, grads, pick, crc = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), hd, od, pick, crc)
    print("   ", [[g.dtype.name] + g.numpy().ravel().tolist()[:2] for g in grads])

print(json.dumps([[v.path, float(np.sum(v.numpy().astype(np.float64)))] for v in VARS]))
