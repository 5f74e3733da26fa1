"""A step accumulates a Python penalty weight across a `for i in tf.range(n)` loop:
`pen = 0` (an int) and the body does `pen = pen + 0.25` (a float) and `cnt += 1`.
Eagerly, after zero iterations `pen` is still the int 0 and after one or more it is a
float; the step prints pen, its type name and cnt, stores them on an object and uses
pen in the loss.  n takes 0 on every fourth step.  Probes: a Python number carried by
a tensor loop whose type depends on the trip count."""
import random

import numpy

random.seed(15)
numpy.random.seed(15)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4108)
rng = np.random.default_rng(4108)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.cos(XS[:, :1]).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Log:
    pen = None
    cnt = None


LOG = Log()


def train_step(x, y, n):
    pen = 0
    cnt = 0
    for i in tf.range(n):
        pen = pen + 0.25
        cnt += 1
    print("  pen", pen, type(pen).__name__, cnt, type(cnt).__name__)
    LOG.pen = pen
    LOG.cnt = cnt
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + pen)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(32):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(step % 4))
    print(step, repr(float(loss)), LOG.pen, type(LOG.pen).__name__, LOG.cnt)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
