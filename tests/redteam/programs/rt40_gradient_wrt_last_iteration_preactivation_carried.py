"""Inspecting a recurrent net: the step runs `for i in tf.range(n)` (n = 1..3 from the
data) with `pre = h @ W; h = tf.tanh(pre)`, and after the loop asks the tape for
`tape.gradient(loss, [W, U, pre])`: the gradient with respect to the last iteration's
pre-activation, a tensor the loop rebinds.  Eagerly `pre` is the tensor the last
iteration computed, and the loss depends on it through tanh.  The step prints the
pre-activation gradient's sum (or None) and uses its norm to scale the update.
Probes: a gradient with respect to a value carried out of a loop on a tensor, whose
dependence on the target runs inside the loop."""
import random

import numpy

random.seed(72)
numpy.random.seed(72)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4032)
rng = np.random.default_rng(4032)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 0.7)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)


def train_step(x, y):
    n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.0, tf.int32)) % 3
    with tf.GradientTape() as tape:
        h = x
        pre = x
        for i in tf.range(n):
            pre = h @ W
            h = tf.tanh(pre)
        loss = tf.reduce_mean(tf.square(h @ U - y))
    gw, gu, gp = tape.gradient(loss, [W, U, pre])
    if gp is None:
        s = None
        scale = 1.0
    else:
        s = tf.reduce_sum(gp)
        scale = 1.0 / (1.0 + tf.norm(gp))
    W.assign_sub(0.1 * scale * gw)
    U.assign_sub(0.1 * scale * gu)
    return loss, s, n


for step in range(30):
    i = (step * 8) % 96
    loss, s, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), None if s is None else repr(float(s)))

print("W", repr(float(tf.reduce_sum(W))), "U", repr(float(tf.reduce_sum(U))))
