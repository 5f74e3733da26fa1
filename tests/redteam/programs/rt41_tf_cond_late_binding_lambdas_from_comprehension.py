"""A step builds its candidate loss scalings as lambdas in a list comprehension, a
generator expression and a plain for loop (`[lambda: mse * k for k in KS]`): Python
closures bind late, so every lambda of one comprehension sees the LAST k (all scale
by 2.0), and the loop's lambdas see the loop variable's final value.  The step picks
among them with tf.cond on tensor predicates and with a Python-bool predicate, and
also rebinds the loop variable after making the lambdas.  Probes: late-binding cells
of lambdas made in comprehensions (inlined in 3.12+) and loops, called through
tf.cond."""
import random

import numpy

random.seed(50)
numpy.random.seed(50)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4142)
rng = np.random.default_rng(4142)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, 2:3] * -0.6 + 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)
KS = (0.5, 1.0, 2.0)


def train_step(x, y, flag):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        comp = [lambda: mse * k for k in KS]
        gen = list(lambda: mse + k for k in KS)
        loop = []
        for j in KS:
            loop.append(lambda: mse - 0.1 * j)
        j = 10.0
        a = tf.cond(mse > 0.3, comp[0], comp[1])
        b = tf.cond(mse < 0.2, gen[0], loop[2])
        c = tf.cond(flag, loop[0], comp[2])
        loss = (a + b + c) / 3.0
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, a, b, c


for step in range(32):
    i = (step * 8) % 64
    loss, a, b, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step % 2 == 0)
    print(step, repr(float(loss)), repr(float(a)), repr(float(b)), repr(float(c)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
