"""tf.while_loop with Python numbers among its loop variables: (k=0, decay=1.0, h).
TF's eager while_loop is a Python loop that leaves Python numbers as they are, so
`decay * 0.8` is computed in double precision and only converted (to float32) where it
meets a tensor and at the end; a graph's while_v2 converts every loop variable to a
tensor first, so decay is a float32 accumulated in float32.  The loop's final decay
and the hidden state it scales feed the loss.  Probes: the eager Python
implementation of tf.while_loop vs while_v2."""
import random

import numpy

random.seed(3411)
numpy.random.seed(3411)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3411)
rng = np.random.default_rng(3411)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.cos(XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
A = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4, name="A")
B = tf.Variable(rng.normal(size=(6, 6)).astype(np.float32) * 0.3, name="B")
V = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="V")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def cond(k, decay, h, x):
    return k < 6


def body(k, decay, h, x):
    return k + 1, decay * 0.8 + 0.013, h * decay + tf.tanh(x @ A + h @ B) * (1.0 - decay), x


def train_step(x, y):
    with tf.GradientTape() as tape:
        h0 = tf.tanh(x @ A)
        k, decay, h, _ = tf.while_loop(cond, body, (0, 1.0, h0, x))
        loss = tf.reduce_mean(tf.square(h @ V - y)) + 0.1 * decay
    grads = tape.gradient(loss, [A, B, V])
    OPT.apply_gradients(zip(grads, [A, B, V]))
    return loss, decay


for step in range(36):
    i = (step * 16) % 80
    loss, decay = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, float(loss).hex(), float(decay).hex())

for v in [A, B, V]:
    print(v.name, float(tf.reduce_sum(v)).hex())
