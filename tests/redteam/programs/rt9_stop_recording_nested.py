"""Two nested tapes in train_step (refused: model-probability draw and crc32). A helper janus
takes over is called under both tapes, under only the inner one (outer.stop_recording(),
which pops only the outer tape), under only the outer one (inner.stop_recording()), and under
none (both stopped). Another helper uses tf.stop_gradient on part of its value. Each tape's
gradients must be eager's: the graph call's records go exactly to the tapes recording."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(101)
rng = np.random.default_rng(101)
XS = rng.normal(size=(100, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W")
U = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="U")
PICK = np.random.default_rng(15)


def layer(x, scale):
    return tf.sin(x @ W) * scale + tf.tanh(x @ U)


def damp(h):
    t = tf.tanh(h)
    return t - 0.5 * tf.stop_gradient(t * t) + tf.stop_gradient(W[0]) * t


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:4]


def train_step(x):
    with tf.GradientTape(persistent=True) as outer:
        with tf.GradientTape(persistent=True) as inner:
            a = layer(x, 1.0)
            with outer.stop_recording():
                b = layer(a, 0.5)
            with inner.stop_recording():
                c = layer(b, 0.25)
            with outer.stop_recording(), inner.stop_recording():
                d = layer(c, 0.125)
            e = damp(d + c) + 0.3 * a * b
            loss = tf.reduce_sum(tf.square(e)) * 0.1
    gi = inner.gradient(loss, [W, U, a, b, c, d])
    go = outer.gradient(loss, [W, U, a, b, c, d])
    del inner, outer
    p = tf.nn.softmax(tf.reshape(e, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    gw = gi[0] if gi[0] is not None else go[0]
    gu = gi[1] if gi[1] is not None else go[1]
    crc = zlib.crc32(gw.numpy().tobytes())
    W.assign_sub(0.01 * tf.clip_by_value(gw, -1.0, 1.0))
    if gu is not None:
        U.assign_sub(0.01 * tf.clip_by_value(gu, -1.0, 1.0))
    return loss, gi, go, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 4])
    loss, gi, go, pick, crc = train_step(x)
    print(step, repr(float(loss)), pick, crc)
    print("   inner", [show(g) for g in gi])
    print("   outer", [show(g) for g in go])

print(json.dumps({"W": W.numpy().ravel().tolist(), "U": U.numpy().ravel().tolist()}))
