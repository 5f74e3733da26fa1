"""Helpers taken over by janus (train_step refused: model-probability draw and crc32) read
non-trainable variables (a running mean they also update, a fixed scale, a Keras
BatchNormalization's moving statistics) under two tapes: a default tape, which in eager does
not watch non-trainable variables, and a second tape that watches one of them explicitly.
Printed: both tapes' watched_variables() and the gradients w.r.t. every variable (None where
eager's tape did not watch)."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(99)
rng = np.random.default_rng(99)
XS = rng.normal(size=(120, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W")
RUN = tf.Variable(np.zeros((4,), np.float32), trainable=False, name="RUN")
SCALE = tf.Variable(np.float32(1.3), trainable=False, name="SCALE")
BN = keras.layers.BatchNormalization(momentum=0.8)
BN.build((None, 4))
PICK = np.random.default_rng(14)


def normalise(x):
    h = x @ W
    RUN.assign(0.9 * RUN + 0.1 * tf.reduce_mean(h, 0))
    return (h - RUN) * SCALE


def bn_block(h):
    return BN(h, training=True)


def names(tape):
    return sorted(v.path if hasattr(v, "path") else v.name for v in tape.watched_variables())


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:4]


def train_step(x):
    with tf.GradientTape(persistent=True) as t1, tf.GradientTape(persistent=True) as t2:
        t2.watch(SCALE)
        h = normalise(x)
        z = bn_block(h)
        loss = tf.reduce_mean(tf.square(z - 0.3)) + 0.01 * tf.reduce_sum(h * h)
    targets = [W, RUN, SCALE, BN.gamma, BN.beta, BN.moving_mean, BN.moving_variance]
    g1 = t1.gradient(loss, targets)
    g2 = t2.gradient(loss, targets)
    n1, n2 = names(t1), names(t2)
    del t1, t2
    p = tf.nn.softmax(tf.reshape(z, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(g1[0].numpy().tobytes())
    W.assign_sub(0.05 * g1[0])
    BN.gamma.assign_sub(0.05 * g1[3])
    BN.beta.assign_sub(0.05 * g1[4])
    return loss, g1, g2, n1, n2, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 8])
    loss, g1, g2, n1, n2, pick, crc = train_step(x)
    print(step, repr(float(loss)), pick, crc)
    print("   t1", n1, [show(g) for g in g1])
    print("   t2", n2, [show(g) for g in g2])

print(json.dumps({"W": W.numpy().ravel().tolist(), "RUN": RUN.numpy().tolist(),
                  "mm": BN.moving_mean.numpy().tolist(), "mv": BN.moving_variance.numpy().tolist(),
                  "gamma": BN.gamma.numpy().tolist()}))
