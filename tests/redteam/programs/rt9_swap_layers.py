"""A helper janus takes over (train_step refused: model-probability draw and crc32) runs a
global Keras head layer and a list of extra tf.Variables under train_step's tape. At step 10
the program rebinds the global head to another (pre-built) layer, at step 16 and 22 it
appends a new variable to the extra list, and at step 20 sets L1.trainable = False (Keras'
flag; the underlying variables keep being read). The tape's watched variables and the
gradients w.r.t. every variable (None when unused) must follow each change."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(221)
rng = np.random.default_rng(221)
XS = rng.normal(size=(100, 4)).astype(np.float32)
L1 = keras.layers.Dense(4, activation="tanh")
HA = keras.layers.Dense(1)
HB = keras.layers.Dense(1, use_bias=False)
for layer in (L1, HA, HB):
    layer.build((None, 4))
HEAD = HA
EXTRA = [tf.Variable(np.float32(0.5), name="E0")]
NEW = [tf.Variable(np.float32(0.25), name="E1"), tf.Variable(np.float32(-0.75), name="E2")]
ALL = [L1.kernel, L1.bias, HA.kernel, HA.bias, HB.kernel] + [EXTRA[0]] + NEW
PICK = np.random.default_rng(25)


def net(x):
    h = L1(x)
    for e in EXTRA:
        h = h * e + e
    return HEAD(h)


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:3]


def train_step(x):
    with tf.GradientTape() as tape:
        out = net(x)
        loss = tf.reduce_mean(tf.square(out - 0.5))
    grads = tape.gradient(loss, ALL)
    watched = sorted(v.name for v in tape.watched_variables())
    p = tf.nn.softmax(tf.reshape(out, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(repr(watched).encode())
    for v, g in zip(ALL, grads):
        if g is not None:
            v.assign_sub(0.1 * g)
    return loss, grads, watched, pick, crc


for step in range(30):
    if step == 10:
        HEAD = HB
    if step == 16:
        EXTRA.append(NEW[0])
    if step == 20:
        L1.trainable = False
    if step == 22:
        EXTRA.append(NEW[1])
    x = tf.constant(XS[step * 3:step * 3 + 5])
    loss, grads, watched, pick, crc = train_step(x)
    print(step, repr(float(loss)), watched, pick, crc, len(L1.trainable_weights))
    print("   ", [show(g) for g in grads])

print(json.dumps([[getattr(v, "path", v.name), v.numpy().ravel().tolist()] for v in ALL]))
