"""A hashed positional code computed in tf.while_loop over (k, code, h): code is a Python
int the body updates with code = (code * 1103515245 + 12345) % 1000003, and
(code % 7) selects a small offset added to the hidden state.  TF's eager while_loop is
a Python loop, so code stays an exact Python int; a graph's while_v2 makes it an int32
loop variable, whose product overflows and wraps.  Probes: Python int semantics of
loop variables in TF's eager while_loop vs while_v2."""
import random

import numpy

random.seed(3439)
numpy.random.seed(3439)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3439)
rng = np.random.default_rng(3439)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.8 - XS[:, 4:] * 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 5)).astype(np.float32) * 0.3)
V = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def c_cond(k, code, h):
    return k < 4


def c_body(k, code, h):
    code = (code * 1103515245 + 12345) % 1000003
    off = tf.cast(code % 7, tf.float32) * 0.05
    return k + 1, code, tf.tanh(h @ W) + off


def train_step(x, y, seed):
    with tf.GradientTape() as tape:
        _, code, h = tf.while_loop(c_cond, c_body, (0, seed, x))
        loss = tf.reduce_mean(tf.square(h @ V - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, code


for step in range(36):
    i = (step * 8) % 88
    loss, code = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 17 + step)
    print(step, float(loss).hex(), int(code))

print("w", float(tf.reduce_sum(W)).hex(), "v", [float(a).hex() for a in V.numpy().ravel()])
