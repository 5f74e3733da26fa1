"""The step computes `m = max(loss, FLOOR)` and `n = min(CAP, loss)` where loss is a
scalar tensor and FLOOR/CAP are Python floats held in globals: Python's max/min return
one of their arguments, so m is either the loss tensor or the FLOOR float object
depending on the data.  The chosen objects are stored on a tracker (`T.m`, `T.n`), and
the step reports `type(m).__name__`, `m is FLOOR`, `n is CAP`, and uses m in the
returned scaled loss.  Losses cross FLOOR and CAP both ways early and late (a per-call
offset).  At call 15 FLOOR is rebound to another float.  Probes: max/min between a
tensor and a Python float, the result's type and identity stored."""
import random

import numpy

random.seed(398)
numpy.random.seed(398)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(398)
rng = np.random.default_rng(398)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
OFF = [0.0, 0.6, 0.0, 0.6, 0.3, 0.0, 0.6, 0.6, 0.3, 0.0, 0.3, 0.6, 0.0, 0.3, 0.6,
       0.0, 0.6, 0.3, 0.0, 0.0, 0.6, 0.3, 0.3, 0.6, 0.0, 0.6, 0.3, 0.0]
FLOOR = 0.45
CAP = 0.75


class Tracker:
    pass


T = Tracker()
T.m = None
T.n = None


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * 0.5 + off
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    m = max(loss, FLOOR)
    n = min(CAP, loss)
    T.m = m
    T.n = n
    scaled = loss / m
    return loss, scaled, type(m).__name__, m is FLOOR, n is CAP, type(n).__name__


for step in range(len(OFF)):
    if step == 15:
        FLOOR = 0.55
    i = (step * 8) % 56
    loss, scaled, tm, m_is_floor, n_is_cap, tn = train_step(
        tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(float(scaled)), tm, m_is_floor, n_is_cap, tn,
          type(T.m).__name__, T.m is FLOOR, T.n is CAP, repr(float(T.m)), repr(float(T.n)))

print("W", W.numpy().ravel().tolist())
print("T", type(T.m).__name__, type(T.n).__name__, T.m is FLOOR, T.n is CAP)
