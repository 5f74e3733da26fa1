"""On one arm of an `if` on a tensor (the batch's mean target plus a per-call offset) the
step opens a second GradientTape inside the arm, watches the input, computes an input-
gradient penalty (the inner tape's gradient, recorded by the outer tape) and applies
the outer gradient with Adam; on the other arm it applies the plain loss's gradient
with SGD.  Each arm bumps its own Python counter attribute.  Both optimizers' iteration
counts and Adam's slots are printed.  Probes: a tape opened and closed inside an arm,
nested under the outer tape, and different optimizers applied on the two arms."""
import random

import numpy

random.seed(3912)
numpy.random.seed(3912)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3912)
rng = np.random.default_rng(3912)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
VARS = [W1, W2]
ADAM = keras.optimizers.Adam(learning_rate=0.01)
SGD = keras.optimizers.SGD(learning_rate=0.05)
ADAM.build(VARS)
SGD.build(VARS)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class Count:
    def __init__(self):
        self.pen = 0
        self.plain = 0


C = Count()


def model(x):
    return tf.tanh(x @ W1) @ W2


def train_step(x, y, off):
    if tf.reduce_mean(y) + off > 0.5:
        with tf.GradientTape() as outer:
            with tf.GradientTape() as inner:
                inner.watch(x)
                out = model(x)
            gx = inner.gradient(out, x)
            pen = tf.reduce_mean(tf.square(gx))
            loss = tf.reduce_mean(tf.square(out - y)) + 0.1 * pen
        grads = outer.gradient(loss, VARS)
        ADAM.apply_gradients(zip(grads, VARS))
        C.pen += 1
    else:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, VARS)
        SGD.apply_gradients(zip(grads, VARS))
        C.plain += 1
    return loss


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                      tf.constant(OFF[step]))
    print(step, repr(float(loss)), C.pen, C.plain, int(ADAM.iterations), int(SGD.iterations))

for v in VARS:
    print(v.numpy().ravel().tolist())
print("adam", [s.numpy().ravel()[:3].tolist() for s in ADAM.variables[1:]])
