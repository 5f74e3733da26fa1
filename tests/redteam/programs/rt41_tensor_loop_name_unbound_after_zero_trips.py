"""A step runs `for i in tf.range(n)` whose body binds a name it never had before
(`z = ...`), and after the loop reads both the loop index `i` and `z` inside a
try/except UnboundLocalError (eagerly, after zero iterations both are unbound and the
handler supplies a fallback and counts the event).  n is 0 on every third step.
Probes: names first bound in a tensor loop body, read after the loop, with zero
trips caught as UnboundLocalError."""
import random

import numpy

random.seed(16)
numpy.random.seed(16)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4109)
rng = np.random.default_rng(4109)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Stat:
    unbound = 0


ST = Stat()


def train_step(x, y, n):
    for i in tf.range(n):
        z = x * tf.cast(i + 1, tf.float32) * 0.1
    try:
        last = i
        feat = x + z
    except UnboundLocalError:
        ST.unbound += 1
        last = tf.constant(-1)
        feat = x
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(feat @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, last


for step in range(33):
    i = (step * 8) % 56
    loss, last = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(step % 3))
    print(step, repr(float(loss)), int(last), ST.unbound)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
