"""train_step (refused: np.random.choice with model probabilities, zlib.crc32 of bytes) watches
plain tensors that its helpers do not receive as arguments: a module global, an attribute of an
object, a closure cell of a module-level factory's closure, items of a list, a dict and a tuple
argument. The helpers are taken over and run under the tape. Eager's tape records every op on
a watched tensor wherever it came from; a graph that treats only argument tensors and variable
reads as watchable would drop those paths (gradients None or smaller)."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(21)
rng = np.random.default_rng(21)
XS = rng.normal(size=(72, 3)).astype(np.float32)
CTXS = rng.normal(size=(72, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W")
PICK = np.random.default_rng(2)

Z = tf.constant(np.ones((1, 3), np.float32))


class Holder:
    def __init__(self):
        self.ctx = tf.zeros((1, 3))

    def apply(self, x):
        return tf.tanh(x @ W + self.ctx)


def make_scaler(cell):
    def scale(x):
        return x * cell[0]
    return scale


CELL = [tf.constant(np.float32(1.5))]
SCALE = make_scaler(CELL)
HOLD = Holder()


def use_global(x):
    return tf.sin(x * Z)


def use_containers(items, table, pair):
    a = items[0] * items[1]
    b = table["k"] @ W
    c = pair[0] - pair[1] * 2.0
    return tf.reduce_sum(a) + tf.reduce_sum(b * b) + tf.reduce_sum(c * c)


def train_step(x, step):
    global Z
    Z = tf.constant(CTXS[step:step + 1] * 0.5)
    HOLD.ctx = tf.constant(CTXS[step + 1:step + 2])
    CELL[0] = tf.constant(np.float32(1.0 + 0.01 * step))
    t1 = tf.constant(XS[step:step + 1])
    t2 = tf.constant(XS[step + 2:step + 3])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([Z, HOLD.ctx, CELL[0], t1, t2])
        h = HOLD.apply(x)
        g = use_global(h)
        s = SCALE(g)
        extra = use_containers([t1, t2], {"k": t2}, (t1, h))
        loss = tf.reduce_mean(tf.square(s)) + 0.1 * extra
    grads = tape.gradient(loss, [W, Z, HOLD.ctx, CELL[0], t1, t2])
    del tape
    p = tf.nn.softmax(tf.reshape(s, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(grads[0].numpy().tobytes())
    W.assign_sub(0.1 * grads[0])
    return loss, grads, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 2:step * 2 + 6])
    loss, grads, pick, crc = train_step(x, step)
    print(step, repr(float(loss)), pick, crc)
    for name, g in zip(["W", "Z", "ctx", "cell", "t1", "t2"], grads):
        print("  ", name, None if g is None else g.numpy().ravel().tolist())

print(json.dumps({"W": W.numpy().ravel().tolist()}))
