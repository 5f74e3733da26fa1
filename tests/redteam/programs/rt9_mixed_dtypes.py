"""train_step (no tape of its own: janus takes it over as hot code) is called under a
module-level tape that watches a float64 and a float16 input. Inside: float32 variables cast
to float64 and back, a float64 variable cast to float32, bfloat16 round trips, casts to
int32 and back, tf.round/floor/sign, bool masks, argmax used in a gather. Gradients of every
dtype (None where the cast chain cuts them) are printed exactly."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(201)
rng = np.random.default_rng(201)
XS = rng.normal(size=(100, 4))
W32 = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W32")
W64 = tf.Variable(rng.normal(size=(4, 4)) * 0.5, name="W64")


def train_step(x64, x16):
    a = tf.cast(x64, tf.float32) @ W32
    b = tf.cast(tf.cast(a, tf.float64) @ W64, tf.float32)
    c = tf.cast(tf.cast(b, tf.bfloat16) * tf.cast(2.0, tf.bfloat16), tf.float32)
    d = tf.cast(tf.cast(c * 3.0, tf.int32), tf.float32) * 0.1 + tf.round(c) * 0.2 + tf.floor(b) * 0.3 + tf.sign(a)
    idx = tf.argmax(c, axis=1)
    picked = tf.gather(b, idx, axis=1, batch_dims=1)
    mask = c > 0.0
    e = tf.where(mask, c, d) + tf.cast(x16, tf.float32)
    lse = tf.reduce_logsumexp(tf.cast(e, tf.float64) * x64)
    loss = tf.cast(lse, tf.float32) + tf.reduce_mean(picked) + tf.reduce_mean(d) * 0.01
    return loss, lse, idx, mask


def show(g):
    return None if g is None else [g.dtype.name, g.numpy().astype(np.float64).ravel().tolist()[:5]]


for step in range(30):
    x64 = tf.constant(XS[step * 3:step * 3 + 5])
    x16 = tf.constant(XS[step * 3 + 1:step * 3 + 6].astype(np.float16))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x64, x16])
        loss, lse, idx, mask = train_step(x64, x16)
    g = tape.gradient(loss, [W32, W64, x64, x16])
    g_lse = tape.gradient(lse, [W32, W64, x64, x16])
    del tape
    W32.assign_sub(0.01 * g[0])
    W64.assign_sub(0.01 * g[1])
    print(step, repr(float(loss)), repr(float(lse)), lse.dtype.name, idx.numpy().tolist(),
          mask.numpy().sum(axis=1).tolist())
    print("   g", [show(t) for t in g])
    print("   lse", [show(t) for t in g_lse])

print(json.dumps({"W32": W32.numpy().ravel().tolist(), "W64": W64.numpy().ravel().tolist()}))
