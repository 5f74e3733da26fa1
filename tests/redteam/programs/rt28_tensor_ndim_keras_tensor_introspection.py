"""From step 15 (a DEBUG flag the loop turns on) the step reports what it knows about its
tensors: x.ndim, loss.ndim, x.shape.rank, hasattr(loss, 'numpy'),
keras.backend.is_keras_tensor(loss), keras.ops.is_tensor(loss), tf.is_tensor(loss).  Probes: tensor attributes a graph answers differently from eager."""
import random

import numpy

random.seed(2817)
numpy.random.seed(2817)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2817)
rng = np.random.default_rng(2817)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DEBUG = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    if DEBUG:
        print("  ndim", x.ndim, loss.ndim, "rank", x.shape.rank)
        print("  has_numpy", hasattr(loss, "numpy"), "keras_tensor",
              keras.backend.is_keras_tensor(loss), keras.ops.is_tensor(loss), tf.is_tensor(loss))
    return loss


for step in range(30):
    if step == 15:
        DEBUG = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
