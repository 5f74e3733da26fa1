"""Noise injection drawn from a `tf.random.Generator` inside a data-decided loop: the step
runs `for t in tf.range(n)` (n = 1 + positives % 4) and in each iteration draws
`GEN.normal([4])` and `GEN.uniform([], 0, 1)` to perturb the hidden state, plus a
stateless draw seeded by `tf.stack([STEP, t])` from a step counter variable.  At step 16
the outer loop calls `GEN.reset_from_seed(99)`; at step 24 it replaces the global with
`GEN = tf.random.Generator.from_seed(5)`.  The loop prints the loss and
the generator's state.  Probes: a stateful tf.random.Generator advanced a data-decided
number of times per call (inside a loop on a tensor), reset and replaced mid-run."""
import random

import numpy

random.seed(65)
numpy.random.seed(65)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4026)
rng = np.random.default_rng(4026)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, 1:2])).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
STEP = tf.Variable(0, dtype=tf.int32)
GEN = tf.random.Generator.from_seed(7)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.0, tf.int32)) % 4
    with tf.GradientTape() as tape:
        h = x
        for t in tf.range(n):
            noise = GEN.normal([4]) * 0.1
            keep = GEN.uniform([], 0.0, 1.0)
            sl = tf.random.stateless_normal([4], seed=tf.stack([STEP, t])) * 0.05
            h = tf.tanh(h @ W + noise + sl) * (0.5 + 0.5 * keep)
        loss = tf.reduce_mean(tf.square(h @ U - y))
    grads = tape.gradient(loss, [W, U])
    OPT.apply_gradients(zip(grads, [W, U]))
    STEP.assign_add(1)
    return loss, n


for step in range(32):
    if step == 16:
        GEN.reset_from_seed(99)
    if step == 24:
        GEN = tf.random.Generator.from_seed(5)
    i = (step * 8) % 96
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), GEN.state.numpy().tolist())

print("W", repr(float(tf.reduce_sum(W))), "U", repr(float(tf.reduce_sum(U))))
