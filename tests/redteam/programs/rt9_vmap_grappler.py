"""A helper janus takes over (train_step refused: model-probability draw and crc32) uses
tf.vectorized_map under train_step's tape. Eagerly, pfor wraps the vectorized body in a
tf.function, which TF runs with Grappler's rewrites (log(1+x) -> log1p, exp(x)-1 -> expm1,
x**2 -> square, x/c -> x*(1/c)): eager's numbers for this helper are that function's, and the
tape records one function-call op. Inside a janus graph pfor runs inline, and janus's graphs
run without those rewrites: values and gradients would differ in the last bits."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(151)
rng = np.random.default_rng(151)
XS = (rng.normal(size=(120, 6)) * 0.05).astype(np.float32)
W = tf.Variable((rng.normal(size=(6, 6)) * 0.1).astype(np.float32), name="W")
PICK = np.random.default_rng(19)


def per_row(r):
    return tf.math.log(1.0 + r * r) + (r ** 2) / 3.0 + (tf.exp(r) - 1.0) * 0.5


def vmapped(x):
    h = x @ W
    return tf.vectorized_map(per_row, h)


def hx(t):
    return [float(a).hex() for a in t.numpy().ravel()[:6]]


def train_step(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        z = vmapped(x)
        loss = tf.reduce_sum(z) * 10.0
    gw, gx = tape.gradient(loss, [W, x])
    p = tf.nn.softmax(tf.reshape(z, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(z.numpy().tobytes() + gw.numpy().tobytes())
    W.assign_sub(0.01 * gw)
    return loss, z, gw, gx, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 4:step * 4 + 8])
    loss, z, gw, gx, pick, crc = train_step(x)
    print(step, float(loss).hex(), pick, crc)
    print("   z", hx(z))
    print("   gw", hx(gw))
    print("   gx", hx(gx))

print(json.dumps({"W": [float(a).hex() for a in W.numpy().ravel()]}))
