"""A helper taken over by janus (train_step is refused: model-probability draw and crc32)
returns, under train_step's persistent tape: the same intermediate twice, its argument
unchanged, tf.identity of its argument, a double identity, and a dict and a list holding
intermediates that other returned values were computed from. train_step takes gradients of the
loss w.r.t. the variable, the watched argument and each returned intermediate. Each returned
object must be the tensor the tape's records name (one object where eager has one)."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(44)
rng = np.random.default_rng(44)
XS = rng.normal(size=(70, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.6, name="W")
PICK = np.random.default_rng(8)


def split(x):
    h = tf.tanh(x @ W)
    out = h * h + x
    ident = tf.identity(x)
    ident2 = tf.identity(tf.identity(h))
    return h, h, x, ident, ident2, {"b": out, "a": h}, [out, h * 2.0]


def train_step(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        h1, h2, xr, xi, hi2, d, l = split(x)
        loss = (tf.reduce_sum(h1 * 0.3) + tf.reduce_sum(h2 * h2 * 0.7)
                + tf.reduce_sum(xr * xi) + tf.reduce_sum(d["b"] * l[1])
                + tf.reduce_sum(tf.sin(l[0])) + tf.reduce_sum(hi2 * 0.25))
    g = tape.gradient(loss, {"W": W, "x": x, "h1": h1, "h2": h2, "xr": xr, "xi": xi,
                             "out": d["b"], "a": d["a"], "l0": l[0], "l1": l[1], "hi2": hi2})
    same = [h1 is h2, xr is x, xi is x, d["a"] is h1, l[0] is d["b"]]
    del tape
    p = tf.nn.softmax(tf.reshape(h1, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(g["W"].numpy().tobytes())
    W.assign_sub(0.02 * g["W"])
    return loss, g, same, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 2:step * 2 + 4])
    loss, g, same, pick, crc = train_step(x)
    print(step, repr(float(loss)), same, pick, crc)
    for k in sorted(g):
        print("  ", k, None if g[k] is None else g[k].numpy().ravel().tolist()[:6])

print(json.dumps({"W": W.numpy().ravel().tolist()}))
