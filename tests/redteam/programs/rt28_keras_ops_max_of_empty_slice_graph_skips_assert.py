"""The step tracks the largest per-example error among the first K examples of the batch
with keras.ops.max(err[:K]).  Keras' TF backend adds a check only when it runs eagerly
(`if tf.executing_eagerly(): tf.assert_greater(size, 0, "Cannot compute the max of an
empty tensor.")`); in a graph an empty max is -inf.  At step 15 the loop sets K = 0 (a
"warm-up examples" window switched off): eager raises InvalidArgumentError before the
update at every call from then on.  At step 24 K goes back to 3.  Probes: library code
that checks only when executing eagerly, which a graph of the same step never asks."""
import random

import numpy

random.seed(2838)
numpy.random.seed(2838)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2838)
rng = np.random.default_rng(2838)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
K = 3


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        err = tf.square(h @ W2 - y)[:, 0]
        loss = tf.reduce_mean(err)
    worst = keras.ops.max(err[:K])
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, worst


for step in range(30):
    if step == 15:
        K = 0
    if step == 24:
        K = 3
    i = (step * 8) % 56
    try:
        loss, worst = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), repr(float(worst)))
    except tf.errors.InvalidArgumentError as e:
        print(step, "InvalidArgumentError", "empty" in str(e), int(OPT.iterations))

print(json.dumps({
    "iterations": int(OPT.iterations),
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
