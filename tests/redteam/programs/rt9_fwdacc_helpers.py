"""train_step (refused: model-probability draw and crc32) runs a ForwardAccumulator around
helpers janus takes over as hot code, sometimes with a GradientTape inside the accumulator
(forward-over-back), sometimes the accumulator alone, sometimes a tape alone. The primals are
a watched input tensor and a variable. acc.jvp of helper outputs (and of the tape's gradient)
must be eager's: a helper's graph call has to feed its ops to the accumulator too."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(77)
rng = np.random.default_rng(77)
XS = rng.normal(size=(100, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5, name="V")
DIRS = rng.normal(size=(30, 4, 4)).astype(np.float32)
XDIRS = rng.normal(size=(30, 6, 4)).astype(np.float32)
PICK = np.random.default_rng(12)


def features(x):
    return tf.nn.gelu(x @ W) + 0.1 * x


def head(h):
    return tf.reduce_mean(tf.square(h @ V - 0.5))


def show(v):
    return None if v is None else v.numpy().ravel().tolist()[:5]


def train_step(x, step):
    mode = step % 3
    tw = tf.constant(DIRS[step])
    tx = tf.constant(XDIRS[step])
    if mode == 0:
        with tf.autodiff.ForwardAccumulator([W, x], [tw, tx]) as acc:
            with tf.GradientTape() as tape:
                h = features(x)
                loss = head(h)
            gw = tape.gradient(loss, W)
        jh, jl, jg = acc.jvp(h), acc.jvp(loss), acc.jvp(gw)
    elif mode == 1:
        with tf.autodiff.ForwardAccumulator([W, x], [tw, tx]) as acc:
            h = features(x)
            loss = head(h)
        jh, jl, jg = acc.jvp(h), acc.jvp(loss), None
        with tf.GradientTape() as tape:
            loss2 = head(features(x))
        gw = tape.gradient(loss2, W)
    else:
        with tf.GradientTape() as tape:
            h = features(x)
            loss = head(h)
        gw = tape.gradient(loss, W)
        jh = jl = jg = None
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes())
    W.assign_sub(0.05 * gw)
    return loss, gw, jh, jl, jg, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 6])
    loss, gw, jh, jl, jg, pick, crc = train_step(x, step)
    print(step, repr(float(loss)), None if jl is None else repr(float(jl)), pick, crc)
    print("   gw", show(gw), "jh", show(jh), "jg", show(jg))

print(json.dumps({"W": W.numpy().ravel().tolist(), "V": V.numpy().ravel().tolist()}))
