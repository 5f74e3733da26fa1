"""A helper janus takes over (train_step refused: model-probability draw and crc32) reads a
variable, updates it (assign_add), checks the updated value with check_numerics (something
that can fail after an update, so janus reads the variable before the call to roll back),
and reads it again, all under train_step's tape. Eager's tape has two ReadVariableOp records
with the values before and after the write. Printed: the gradient, watched variables, and
the variable's values; on steps 9 and 21 the update makes the variable non-finite, the
check raises, and train_step catches it and restores the variable."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(351)
rng = np.random.default_rng(351)
XS = rng.normal(size=(120, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W")
C = tf.Variable(np.zeros((3, 3), np.float32), name="C")
PICK = np.random.default_rng(35)


def drift(x, delta):
    before = x @ W + x @ C
    C.assign_add(delta)
    tf.debugging.check_numerics(C.read_value(), "C went non-finite")
    after = x @ W + x @ C
    return tf.tanh(before) * tf.tanh(after), before, after


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:4]


def train_step(x, delta):
    err = None
    with tf.GradientTape() as tape:
        saved = C.read_value()
        try:
            h, before, after = drift(x, delta)
        except tf.errors.InvalidArgumentError as e:
            err = (type(e).__name__, "C went non-finite" in e.message)
            C.assign(saved)
            h, before, after = drift(x, tf.zeros_like(delta))
        loss = tf.reduce_sum(h) + 0.1 * tf.reduce_sum(after - before)
    gw, gc = tape.gradient(loss, [W, C])
    watched = sorted(v.name for v in tape.watched_variables())
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes() + gc.numpy().tobytes())
    W.assign_sub(0.02 * gw)
    return loss, gw, gc, watched, err, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 4])
    d = rng.normal(size=(3, 3)).astype(np.float32) * 0.01
    if step in (9, 21):
        d[1, 1] = np.inf
    loss, gw, gc, watched, err, pick, crc = train_step(x, tf.constant(d))
    print(step, repr(float(loss)), watched, err, pick, crc)
    print("   ", show(gw), show(gc), C.numpy().ravel().tolist()[:3])

print(json.dumps({"W": W.numpy().ravel().tolist(), "C": C.numpy().ravel().tolist()}))
