"""A gradient-norm penalty applied only on some calls: an outer tape and an inner tape
are opened before an `if` on a tensor; on one arm the inner tape's gradient of the loss
with respect to the weights is taken (recorded by the outer tape) and its squared norm
added as a penalty; on the other arm the penalty is a constant 0.0 Python float.  The
outer tape then differentiates loss + 0.1 * penalty (second order on one path only).
Both arms run early and later.  Probes: an inner tape's gradient taken inside one arm
of a branch on a tensor under an outer tape (double backprop per path)."""
import random

import numpy

random.seed(3934)
numpy.random.seed(3934)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3934)
rng = np.random.default_rng(3934)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
VARS = [W1, W2]
OPT = keras.optimizers.SGD(0.05)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class C:
    pen_calls = 0


def grad_penalty(tape, loss):
    g = tape.gradient(loss, VARS)
    return tf.add_n([tf.reduce_sum(tf.square(t)) for t in g])


def train_step(x, y, off):
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
        if tf.reduce_mean(y) + off > 0.5:
            pen = grad_penalty(inner, loss)
            C.pen_calls += 1
        else:
            pen = 0.0
        total = loss + 0.1 * pen
    grads = outer.gradient(total, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, total


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, total = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                             tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(float(total)), C.pen_calls)

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
