"""The step sets Keras' fuzz factor for training at every call
(keras.config.set_epsilon(TRAIN_EPS), a library module global) and then computes a
binary cross-entropy that clips with it.  Between steps an evaluation pass sets its own
epsilon (0.2) and leaves it set; from step 12 the loop evaluates after every step, and at
step 20 it changes TRAIN_EPS.  After each step the loop prints keras.config.epsilon().
In eager the step's own set_epsilon call runs at every call.  Probes: a library setting
the step writes through library code (at build time in a graph) that other code changes
between calls."""
import random

import numpy

random.seed(2822)
numpy.random.seed(2822)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2822)
rng = np.random.default_rng(2822)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 1.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 3.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TRAIN_EPS = 1e-7
EVALUATE = False


def train_step(x, y):
    keras.config.set_epsilon(TRAIN_EPS)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        p = 1.0 / (1.0 + tf.exp(-(h @ W2)))
        loss = tf.reduce_mean(keras.losses.binary_crossentropy(y, p))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


def evaluate():
    keras.config.set_epsilon(0.2)
    p = 1.0 / (1.0 + tf.exp(-(tf.tanh(tf.constant(XS[56:]) @ W1) @ W2)))
    return float(tf.reduce_mean(keras.losses.binary_crossentropy(tf.constant(YS[56:]), p)))


for step in range(32):
    if step == 12:
        EVALUATE = True
    if step == 20:
        TRAIN_EPS = 0.01
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), keras.config.epsilon())
    if EVALUATE:
        print("  eval", repr(evaluate()), keras.config.epsilon())

print(json.dumps({
    "eps": keras.config.epsilon(),
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
