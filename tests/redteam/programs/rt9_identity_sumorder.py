"""Sum order through identities: a helper janus takes over (train_step refused:
model-probability draw and crc32) returns tf.identity(h), v.read_value() (eager: a
ReadVariableOp and an Identity), a double identity, h itself, and receives the same tensor
as two arguments. train_step then uses each returned tensor several times with contributions
of very different magnitudes, so the float32 gradient of h, of the variable and of the
watched input depends on how many records each path has and in which order the tape sums
them (printed with float.hex)."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(271)
rng = np.random.default_rng(271)
XS = rng.normal(size=(100, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W")
PICK = np.random.default_rng(28)


def helper(a, b):
    h = tf.tanh(a @ W) + b * 1e-3
    return tf.identity(h), W.read_value(), tf.identity(tf.identity(h)), h, tf.convert_to_tensor(W), a + b


def hx(t):
    return None if t is None else [float(v).hex() for v in t.numpy().ravel()[:6]]


def train_step(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        hi, wr, hii, h, wc, s = helper(x, x)
        terms = [tf.reduce_sum(hi * 1e4), tf.reduce_sum(h * 3.3e-3), tf.reduce_sum(hii * 17.0),
                 tf.reduce_sum(tf.square(wr)) * 1e-5, tf.reduce_sum(wc * 123.0),
                 tf.reduce_sum(h * hi) * 0.7, tf.reduce_sum(s * 1e-4), tf.reduce_sum(hii * h * 3e3)]
        loss = terms[0]
        for t in terms[1:]:
            loss = loss + t
    g = tape.gradient(loss, [W, x, h, hi, hii, wr])
    del tape
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(t.numpy().tobytes() for t in g if t is not None))
    W.assign_sub(1e-7 * g[0])
    return loss, g, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 5])
    loss, g, pick, crc = train_step(x)
    print(step, float(loss).hex(), pick, crc)
    for name, t in zip(["W", "x", "h", "hi", "hii", "wr"], g):
        print("   ", name, hx(t))

print(json.dumps({"W": [float(v).hex() for v in W.numpy().ravel()]}))
