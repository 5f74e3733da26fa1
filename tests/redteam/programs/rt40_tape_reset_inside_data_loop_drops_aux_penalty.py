"""The tape records an auxiliary weight penalty first; then a data-decided loop
`for i in tf.range(n)` (n is 0 for some batches) calls `tape.reset()` at the start of
each iteration before recording that iteration's refinement of the hidden state, so
eagerly only the last iteration's ops (and what follows the loop) stay on the tape,
and after a zero-trip loop the penalty's record is still there.  The step prints the
gradient norms.  Probes: GradientTape.reset() inside the body of a loop on a tensor."""
import random

import numpy

random.seed(57)
numpy.random.seed(57)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4018)
rng = np.random.default_rng(4018)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.4).astype(np.float32)
YS[8:16] = -2.0
YS[48:56] = -2.0
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pen = 0.05 * tf.reduce_sum(tf.square(W)) + 0.05 * tf.reduce_sum(tf.square(U))
        n = tf.reduce_sum(tf.cast(y[:, 0] > 0.1, tf.int32)) // 2
        h = x
        for i in tf.range(n):
            tape.reset()
            h = tf.tanh(h @ W) + x
        loss = tf.reduce_mean(tf.square(h @ U - y)) + pen
    gw, gu = tape.gradient(loss, [W, U])
    gw = tf.zeros_like(W) if gw is None else gw
    W.assign_sub(0.05 * gw)
    U.assign_sub(0.05 * gu)
    return loss, tf.reduce_sum(gw * gw), tf.reduce_sum(gu * gu), n


for step in range(30):
    i = (step * 8) % 80
    loss, nw, nu, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), repr(float(nw)), repr(float(nu)))

print("W", repr(float(tf.reduce_sum(W))), "U", repr(float(tf.reduce_sum(U))))
