"""A helper janus takes over runs eagerly under train_step's tape (train_step refused:
model-probability draw and crc32), and the same helper is also called while TF traces the
program's own @tf.function (with a GradientTape inside that function), retraced at steps 10
and 20 when the batch size changes. At trace time the helper sees symbolic tensors under a
FuncGraph tape: it must run as plain Python there, and the function's gradients and the
eager tape's gradients must be eager's."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(371)
rng = np.random.default_rng(371)
XS = rng.normal(size=(150, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5, name="V")
CALLS = []
PICK = np.random.default_rng(36)


def helper(x):
    CALLS.append(tf.executing_eagerly())
    return tf.nn.gelu(x @ W) @ V


@tf.function
def graph_grads(x):
    with tf.GradientTape() as t:
        loss = tf.reduce_mean(tf.square(helper(x) - 0.1))
    return loss, t.gradient(loss, [W, V])


def show(g):
    return g.numpy().ravel().tolist()[:3]


def train_step(x):
    with tf.GradientTape() as tape:
        out = helper(x)
        loss = tf.reduce_mean(tf.square(out - 0.1))
    gw, gv = tape.gradient(loss, [W, V])
    gloss, (fw, fv) = graph_grads(x)
    p = tf.nn.softmax(tf.reshape(out, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes() + fw.numpy().tobytes())
    W.assign_sub(0.05 * gw)
    V.assign_sub(0.05 * gv)
    return loss, gloss, gw, gv, fw, fv, pick, crc


for step in range(30):
    bs = 4 if step < 10 else (5 if step < 20 else 6)
    x = tf.constant(XS[step * 4:step * 4 + bs])
    loss, gloss, gw, gv, fw, fv, pick, crc = train_step(x)
    print(step, repr(float(loss)), repr(float(gloss)), len(CALLS), CALLS.count(False), pick, crc)
    print("   eager", show(gw), show(gv), "fn", show(fw), show(fv))

print(json.dumps({"W": W.numpy().ravel().tolist(), "V": V.numpy().ravel().tolist(),
                  "calls": len(CALLS), "traced": CALLS.count(False)}))
