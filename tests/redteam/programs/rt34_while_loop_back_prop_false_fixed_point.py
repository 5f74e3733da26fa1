"""A fixed-point refinement h <- tanh(x @ A + h @ B) runs in tf.while_loop(...,
back_prop=False) inside the tape.  TF's eager while_loop is a Python loop that ignores
back_prop (the deprecated flag only reaches while_v2, which wraps the outputs in
stop_gradient), so eagerly the gradient reaches A and B through the loop; in a graph the
loop's outputs are cut off and only a small L2 term reaches them.  Probes: TF library
code that branches on executing_eagerly() and changes which gradients exist."""
import random

import numpy

random.seed(341)
numpy.random.seed(341)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3402)
rng = np.random.default_rng(3402)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
A = tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.3, name="A")
B = tf.Variable(rng.normal(size=(8, 8)).astype(np.float32) * 0.2, name="B")
V = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3, name="V")
OPT = keras.optimizers.SGD(learning_rate=0.1)
VARS = [A, B, V]


def loop_cond(i, h, x):
    return i < 4


def loop_body(i, h, x):
    return i + 1, tf.tanh(x @ A + h @ B), x


def refine(x):
    h0 = tf.zeros((tf.shape(x)[0], 8))
    _, h, _ = tf.while_loop(loop_cond, loop_body, (tf.constant(0), h0, x), back_prop=False)
    return h


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = refine(x)
        pred = h @ V + x @ A[:, :1]
        loss = tf.reduce_mean(tf.square(pred - y)) + 1e-3 * tf.reduce_sum(tf.square(B))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, tf.linalg.global_norm(grads)


for step in range(36):
    i = (step * 16) % 80
    loss, gn = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, float(loss).hex(), float(gn).hex())

for v in VARS:
    print(v.name, float(tf.reduce_sum(v)).hex(), float(tf.reduce_sum(tf.abs(v))).hex())
