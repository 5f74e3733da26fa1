"""The step reads keras.config.epsilon() and both uses it (a floor added to a norm) and
prints it with repr() and type().__name__.  The loop sets the setting to 0.0 at step 8,
then to the int 0 at step 16 and to False at step 24: values equal (==) to each other
but of other types, so eager's step prints '0.0 float', '0 int', 'False bool'.  Probes:
the watch on library module globals ("plain values by value") telling equal numbers of
different types apart, and a graph that baked the setting's repr."""
import random

import numpy

random.seed(2803)
numpy.random.seed(2803)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2803)
rng = np.random.default_rng(2803)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.cos(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    eps = keras.config.epsilon()
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        nrm = tf.sqrt(tf.reduce_sum(h * h, axis=1, keepdims=True)) + eps + 1.0
        loss = tf.reduce_mean(tf.square((h / nrm) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print("  eps", repr(eps), type(eps).__name__)
    return loss


for step in range(32):
    if step == 8:
        keras.config.set_epsilon(0.0)
    if step == 16:
        keras.config.set_epsilon(0)
    if step == 24:
        keras.config.set_epsilon(False)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "eps": repr(keras.config.epsilon()),
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
