"""Gradient clipping by a `tf.custom_gradient` function applied to the hidden state in each
iteration of a data-decided `for i in tf.range(n)` loop.  The custom gradient's backward
function reads a Python global `CLIP` (changed by the outer loop at steps 10 and 20) and
clips the incoming gradient to [-CLIP, CLIP]; the forward function is the identity.
Eagerly the backward function runs once per iteration during `tape.gradient`, reading
CLIP at that moment.  Prints the loss and the gradient norm.  Probes: a program-defined
custom gradient inside the body of a loop on a tensor (its backward Python called by TF
per iteration), reading a global that changes mid-run."""
import random

import numpy

random.seed(85)
numpy.random.seed(85)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4044)
rng = np.random.default_rng(4044)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 2.0) * 3.0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.6)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.6)
CLIP = 0.05


@tf.custom_gradient
def clip_grad(h):
    def grad(dy):
        return tf.clip_by_value(dy, -CLIP, CLIP)
    return tf.identity(h), grad


def train_step(x, y):
    n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.0, tf.int32)) % 3
    with tf.GradientTape() as tape:
        h = x
        for i in tf.range(n):
            h = clip_grad(tf.tanh(h @ W))
        loss = tf.reduce_mean(tf.square(h @ U - y))
    gw, gu = tape.gradient(loss, [W, U])
    W.assign_sub(0.1 * gw)
    U.assign_sub(0.1 * gu)
    return loss, tf.norm(gw), n


for step in range(30):
    if step == 10:
        CLIP = 0.01
    if step == 20:
        CLIP = 1.0
    i = (step * 8) % 96
    loss, gn, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), repr(float(gn)))

print("W", repr(float(tf.reduce_sum(W))), "U", repr(float(tf.reduce_sum(U))))
