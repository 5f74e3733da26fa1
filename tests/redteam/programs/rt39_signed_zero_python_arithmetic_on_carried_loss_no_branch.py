"""No branch: the step computes Python floats from `float(loss)` whose value is a zero
with a sign: `a = -0.0 * lf`, `b = lf * 0.0 * -1.0`, `c = (-lf) * 0.0`, `d = 0.0 - 0.0 * lf`,
`e = -(0.0 * lf)`, stores them on a tracker and returns them; the loop prints their
reprs and `math.copysign(1.0, v)` of each.  Eagerly Python's float arithmetic gives
-0.0 for a, b, c, e and 0.0 for d.  Probes: signed zeros made by Python arithmetic on a
float the graph carries, where the constant -0.0 and 0.0 both appear in one step."""
import math
import random

import numpy

random.seed(3939)
numpy.random.seed(3939)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3939)
rng = np.random.default_rng(3939)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)


class T:
    vals = None


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    lf = float(loss)
    a = -0.0 * lf
    b = lf * 0.0 * -1.0
    c = (-lf) * 0.0
    d = 0.0 - 0.0 * lf
    e = -(0.0 * lf)
    T.vals = (a, b, c, d, e)
    return loss, a, b, c, d, e


for step in range(24):
    i = (step * 8) % 56
    loss, *vals = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(v) for v in vals], [math.copysign(1.0, v) for v in vals],
          [repr(v) for v in T.vals])

print("W", W.numpy().ravel().tolist())
