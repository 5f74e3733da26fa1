"""One variable reaches the loss through many paths: several calls per step of helpers janus
takes over (train_step refused: model-probability draw and crc32), each reading it two or
three times (directly, through a Python sum() over a generator, through a list comprehension
and tf.add_n), interleaved with eager uses in train_step. The contributions have very
different magnitudes, so the float32 sum depends on the order the tape adds them; the
gradient is printed bit for bit (float.hex)."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(121)
rng = np.random.default_rng(121)
XS = rng.normal(size=(100, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.3, name="W")
B = tf.Variable(rng.normal(size=(4,)).astype(np.float32) * 0.3, name="B")
SCALES = [1e-3, 7.0, 1e3, 0.37, 31.0, 1e-2]
PICK = np.random.default_rng(17)


def term(x, k):
    h = tf.tanh(x @ W * k + B)
    g = h @ W
    return tf.reduce_sum(g * k) + tf.reduce_sum(W) * (k * 0.5)


def gen_term(x):
    return sum(tf.reduce_sum(tf.sin(x @ W + float(i))) * s for i, s in enumerate([3.0, 1e-4, 250.0]))


def listed(x):
    parts = [tf.reduce_sum(tf.square(x @ W)) * s for s in (0.01, 5.0, 0.3)]
    return tf.add_n(parts) + parts[0] * parts[1] * 1e-3


def hx(v):
    return [float(a).hex() for a in v.numpy().ravel()[:8]]


def train_step(x):
    with tf.GradientTape() as tape:
        total = tf.constant(0.0)
        for k in SCALES:
            total = total + term(x, k)
            total = total + tf.reduce_sum(W * B) * k
        total = total + gen_term(x) + listed(x)
        loss = total * 1e-3
    gw, gb = tape.gradient(loss, [W, B])
    p = tf.nn.softmax(tf.reshape(gw, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes() + gb.numpy().tobytes())
    W.assign_sub(0.001 * tf.clip_by_value(gw, -5.0, 5.0))
    B.assign_sub(0.001 * tf.clip_by_value(gb, -5.0, 5.0))
    return loss, gw, gb, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 6])
    loss, gw, gb, pick, crc = train_step(x)
    print(step, float(loss).hex(), pick, crc)
    print("   gw", hx(gw))
    print("   gb", hx(gb))

print(json.dumps({"W": [float(a).hex() for a in W.numpy().ravel()],
                  "B": [float(a).hex() for a in B.numpy().ravel()]}))
