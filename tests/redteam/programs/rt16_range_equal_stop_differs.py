"""The step pools a strided window of feature columns given by the module global WINDOW, a
range object, and normalises the pooled feature by WINDOW.stop (the nominal width).  The
loop replaces WINDOW mid-run with ranges that are *equal* to the old one (range(0, 7, 2)
== range(0, 8, 2): same elements, same hash, same len) but have another .stop, and later
range(1, 2, 5) == range(1, 2, 1).  In eager the step reads the new object's stop (and
prints its repr).  A guard that pins a range by value would keep the graph built for the
old object: the normaliser, the printed repr and the weights would be stale.  Probes:
guards on immutable non-number objects whose == ignores attributes the step reads."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1617)
rng = np.random.default_rng(1617)

XS = rng.normal(size=(80, 8)).astype(np.float32)
YS = (XS[:, ::2].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
W = tf.Variable(tf.ones([1, 1]) * 0.1)
B = tf.Variable(tf.zeros([1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)

WINDOW = range(0, 7, 2)


def train_step(x, y):
    cols = list(WINDOW)
    pooled = tf.reduce_sum(tf.gather(x, cols, axis=1), axis=1, keepdims=True) / float(WINDOW.stop)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(pooled @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    print(f"window {WINDOW!r} cols {cols} stop {WINDOW.stop} step {WINDOW.step}")
    return loss


for step in range(30):
    if step == 8:
        WINDOW = range(0, 8, 2)
    if step == 14:
        WINDOW = range(0, 7, 2)
    if step == 18:
        WINDOW = range(0, 8, 2)
    if step == 22:
        WINDOW = range(1, 2, 5)
    if step == 26:
        WINDOW = range(1, 2, 1)
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": repr(float(W.numpy()[0, 0])),
    "B": repr(float(B.numpy()[0])),
    "window": repr(WINDOW),
}))
