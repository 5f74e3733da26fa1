"""A step draws `k = random.randint(1, 5)` and `jit = random.random()` from Python's
generator (outside any tensor branch), then runs `for j in range(k)` refining a hidden
state (k is a Python int the draw decides, different between calls) and prints a line
inside the loop at each iteration with j, k and the running norm, then a line after the
loop; a tensor `if` inside the loop prints a warning line when the norm is large.  The
outer loop prints the loss after the call, and every 10 steps reseeds Python's
generator.  Probes: a trip count drawn from Python's random inside the step, prints
inside the loop (and in a tensor branch in it) ordered with the caller's prints, and
the generator's state at the end."""
import random

import numpy

random.seed(66)
numpy.random.seed(66)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4027)
rng = np.random.default_rng(4027)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, 2:3] - XS[:, 0:1])).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    k = random.randint(1, 5)
    jit = random.random()
    with tf.GradientTape() as tape:
        h = x
        for j in range(k):
            h = tf.tanh(h @ W) + 0.1 * jit * x
            nrm = tf.norm(h)
            print("  iter", j, "of", k, nrm)
            if nrm > 3.5:
                print("  large norm at", j)
        print("  done", k, repr(jit))
        loss = tf.reduce_mean(tf.square(h @ U - y))
    grads = tape.gradient(loss, [W, U])
    OPT.apply_gradients(zip(grads, [W, U]))
    return loss


for step in range(30):
    if step % 10 == 9:
        random.seed(step)
    i = (step * 8) % 96
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print("W", repr(float(tf.reduce_sum(W))), "U", repr(float(tf.reduce_sum(U))), random.random())
