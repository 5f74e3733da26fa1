"""A step smooths its hidden activations in a `for i in tf.range(n)` loop; each
iteration rebinds the carried tensor with tf.cond(i % 2 == 0, lambda: h * a, lambda:
h + b), the lambdas closing over `h` itself (so h lives in a closure cell the loop
carries) and over the step's locals a and b.  The loop index also feeds the branch.
Probes: tf.cond branch closures inside a tensor loop body, closing over the loop's
own carried variable (a cell)."""
import random

import numpy

random.seed(17)
numpy.random.seed(17)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4110)
rng = np.random.default_rng(4110)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.4)
V = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, n):
    a = 0.9
    b = 0.05
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W)
        for i in tf.range(n):
            h = tf.cond(i % 2 == 0, lambda: h * a, lambda: h + b * tf.cast(i, tf.float32))
        loss = tf.reduce_mean(tf.square(h @ V - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, h


for step in range(32):
    i = (step * 8) % 56
    loss, h = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(1 + step % 4))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(h))))

print("W", repr(float(tf.reduce_sum(W))), "V", [repr(float(v)) for v in V.numpy().ravel()])
