"""Helpers called under train_step's tape (train_step refused: model-probability draw, crc32)
store intermediate tensors instead of returning them: appended to a module list, kept on an
object's attribute, put in a dict. train_step builds its loss from those stored tensors. In
eager they are the very tensors the tape recorded. Under janus the stored objects are made
at commit: if they are not the outputs the tape's records name, the gradient through them
is lost."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(33)
rng = np.random.default_rng(33)
XS = rng.normal(size=(90, 4)).astype(np.float32)
YS = rng.normal(size=(90, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.5, name="W1")
W2 = tf.Variable(rng.normal(size=(5, 5)).astype(np.float32) * 0.5, name="W2")
W3 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5, name="W3")
PICK = np.random.default_rng(4)
ACTS = []
STASH = {}


class Block:
    def __init__(self, w):
        self.w = w
        self.last_pre = None

    def __call__(self, x):
        pre = x @ self.w
        self.last_pre = pre
        act = tf.nn.elu(pre)
        ACTS.append(act)
        return act


B1 = Block(W1)
B2 = Block(W2)


def head(h):
    out = h @ W3
    STASH["out"] = out
    STASH["norm"] = tf.reduce_sum(h * h)
    return out


def train_step(x, y):
    ACTS.clear()
    with tf.GradientTape() as tape:
        h = B2(B1(x))
        head(h)
        mse = tf.reduce_mean(tf.square(STASH["out"] - y))
        act_reg = tf.add_n([tf.reduce_mean(tf.abs(a)) for a in ACTS])
        pre_reg = tf.reduce_mean(tf.square(B1.last_pre)) + tf.reduce_mean(tf.square(B2.last_pre))
        loss = mse + 0.01 * act_reg + 0.001 * pre_reg + 0.0001 * STASH["norm"]
    grads = tape.gradient(loss, [W1, W2, W3])
    p = tf.nn.softmax(tf.reshape(STASH["out"], [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(g.numpy().tobytes() for g in grads))
    for v, g in zip([W1, W2, W3], grads):
        v.assign_sub(0.05 * g)
    return loss, grads, pick, crc


for step in range(30):
    i = (step * 9) % 81
    loss, grads, pick, crc = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]))
    print(step, repr(float(loss)), pick, crc, len(ACTS), ACTS[0] is not ACTS[1])
    for name, g in zip(["W1", "W2", "W3"], grads):
        print("  ", name, g.numpy().ravel().tolist()[:6])

print(json.dumps({"W1": W1.numpy().ravel().tolist(), "W2": W2.numpy().ravel().tolist(),
                  "W3": W3.numpy().ravel().tolist(), "stash": sorted(STASH)}))
