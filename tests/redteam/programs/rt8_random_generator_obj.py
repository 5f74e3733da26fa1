"""tf.random.Generator objects used inside the step: a program-held generator, and the
global generator read through tf.random.get_global_generator(), changed from outside.

  step 12: G.reset_from_seed(3)               (state variable rewritten)
  step 16: G.skip(100)                        (counter moved on)
  step 20: the loop draws G.normal([3])       (the loop consumes the same stream)
  step 24: tf.random.set_global_generator(tf.random.Generator.from_seed(11))
  step 28: G = G.split(1)[0]                 (rebound to a child generator; the parent
           moves on too)
  step 32: tf.random.get_global_generator().reset_from_key_counter(7, [0, 9])
The step also draws one stateless normal with a seed pair computed from a Python counter
(SEED_BASE + step). A converter that captures a generator's state variable at build
time, or the old global generator, draws other noise; losses and states differ.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(829)
tf.random.set_global_generator(tf.random.Generator.from_seed(1))

G = tf.random.Generator.from_seed(2)
SEED_BASE = 1000
rng = np.random.default_rng(829)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def train_step(x, y, step):
    n1 = G.normal(tf.shape(x), stddev=0.05)
    n2 = tf.random.get_global_generator().uniform([8, 1], -0.1, 0.1)
    n3 = tf.random.stateless_normal([8, 1], seed=[SEED_BASE + step, 7], stddev=0.01)
    with tf.GradientTape() as tape:
        pred = tf.tanh((x + n1) @ W1) @ W2
        loss = tf.reduce_mean(tf.square(pred - (y + n2 + n3)))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    print("  n", repr(float(tf.reduce_sum(n1))), repr(float(tf.reduce_sum(n2))),
          repr(float(tf.reduce_sum(n3))), G.algorithm, G.state.numpy().tolist())
    return loss


for step in range(36):
    if step == 12:
        G.reset_from_seed(3)
    if step == 16:
        G.skip(100)
    if step == 20:
        print("loop G", G.normal([3]).numpy().tolist())
    if step == 24:
        tf.random.set_global_generator(tf.random.Generator.from_seed(11))
    if step == 28:
        G = G.split(1)[0]
    if step == 32:
        tf.random.get_global_generator().reset_from_key_counter(7, [0, 9])
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), tf.random.get_global_generator().state.numpy().tolist())

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("rng", repr(float(tf.random.uniform([]))), repr(float(G.uniform([]))),
      repr(float(np.random.random())), repr(random.random()))
