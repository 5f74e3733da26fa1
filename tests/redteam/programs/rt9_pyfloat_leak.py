"""train_step is refused by janus (np.random.choice with probabilities from the model, and
zlib.crc32 of a tensor's bytes), so its helpers are taken over and called while train_step's
GradientTape records. The helpers turn watched values into Python numbers (float(), int(),
a Python float from a reduce over a variable) and multiply tensors by them. In eager a Python
number is a constant to the tape: no gradient flows through it. In a graph the number is an
op chain from a variable read; if those ops reach the tape, the gradient changes."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5, name="W")
B = tf.Variable(np.full((1,), 0.1, np.float32), name="B")
V = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.3, name="V")
PICK = np.random.default_rng(3)


def scaled(x):
    s = float(tf.reduce_sum(W * W))          # a Python float from a watched variable
    h = x @ W
    return h * s + B, s


def normed(x):
    h = tf.tanh(x @ V)
    m = float(tf.reduce_mean(tf.abs(h)))     # Python float from a watched intermediate
    k = int(tf.argmax(tf.reduce_sum(h, 0)))  # Python int from a watched intermediate
    return h / (m + 1e-3) * (k + 1), m, k


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred, s = scaled(x)
        h, m, k = normed(x)
        loss = tf.reduce_mean(tf.square(pred - y)) + 0.01 * tf.reduce_mean(tf.square(h))
    gw, gb, gv = tape.gradient(loss, [W, B, V])
    # things janus refuses: a draw with probabilities from the model, a C function on bytes
    p = tf.nn.softmax(tf.reshape(pred, [-1])[:4]).numpy().astype(np.float64)
    p = p / p.sum()
    pick = int(PICK.choice(4, p=p))
    crc = zlib.crc32(gw.numpy().tobytes())
    W.assign_sub(0.05 * gw)
    B.assign_sub(0.05 * gb)
    V.assign_sub(0.05 * gv)
    return loss, s, m, k, pick, crc, gw, gv


for step in range(30):
    i = (step * 8) % 56
    loss, s, m, k, pick, crc, gw, gv = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(s), repr(m), k, pick, crc)
    print("  gw", gw.numpy().ravel().tolist())
    print("  gv", gv.numpy().ravel().tolist())

print(json.dumps({"W": W.numpy().ravel().tolist(), "B": B.numpy().ravel().tolist(),
                  "V": V.numpy().ravel().tolist(),
                  "pick_state": int(PICK.integers(1 << 30))}))
