"""Iterative refinement with keras.ops.fori_loop(0, 3, refine, h); the body function
takes a global refinement tick with next(TICKS) from an itertools.count made outside
the step, and scales its update by the tick.

Keras' TensorFlow backend runs fori_loop as tf.while_loop, which in eager mode is a
Python loop: `refine` runs three times per call and TICKS advances by three per
call, each iteration getting the next number.  A graph builds the body once into a
while loop: next(TICKS) taken while building would advance the count once and bake
a single tick into every iteration of every call; the losses, weights and final
count would differ.  (next() of an outside itertools.count converts in the step
itself; here it sits inside a library loop body.)
Probes: an outside iterator advanced inside a library functional API's body."""
import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2727)
rng = np.random.default_rng(2727)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(6, 6)).astype(np.float32) * 0.2)
W3 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TICKS = itertools.count(1)


def refine(i, h):
    tick = next(TICKS)
    return h + (0.1 / tick) * tf.tanh(h @ W2)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        h = keras.ops.fori_loop(0, 3, refine, h)
        loss = tf.reduce_mean(tf.square(h @ W3 - y))
    grads = tape.gradient(loss, [W1, W2, W3])
    OPT.apply_gradients(zip(grads, [W1, W2, W3]))
    return loss


for step in range(30):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()[:8]],
    "W3": [repr(float(v)) for v in W3.numpy().ravel()],
    "next_tick": next(TICKS),
    "iterations": int(OPT.iterations.numpy()),
}))
