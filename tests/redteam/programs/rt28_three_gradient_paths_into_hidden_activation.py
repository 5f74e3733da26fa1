"""The loss reaches the hidden activation h = tanh(x @ W1) along three paths: through the
output layer (h @ W2), and twice through an activity penalty written as h * h (both
inputs of the Mul are h).  Eager's tape sums the three gradients for h in its own order;
a graph's gradient (even with Grappler's arithmetic optimizer off) sums them in
another, which rounds differently in the last bit, and training carries it on.  At step
15 the loop raises the penalty's weight ACT from 0.01 to 0.05.  Probes: bit-for-bit
eager floats for a gradient with three paths into one tensor."""
import random

import numpy

random.seed(2842)
numpy.random.seed(2842)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2842)
rng = np.random.default_rng(2842)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
ACT = 0.01


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + ACT * tf.reduce_mean(h * h)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, grads[0]


for step in range(30):
    if step == 15:
        ACT = 0.05
    i = (step * 8) % 56
    loss, g1 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(g1))))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
