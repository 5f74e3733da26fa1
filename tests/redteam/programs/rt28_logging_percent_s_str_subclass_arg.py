"""The step logs through the logging module, logging.info("tag %s loss %.5f", TAG, v),
before the optimizer update; the handler writes to sys.stdout.  logging formats the
record when it is emitted, and `%s` of a str subclass calls its own __str__ (the
program's code).  From step 15 TAG is such a subclass, which reports the live first
weight of W2: eager emits it with the weight before this step's update.  Probes: a
logging argument that passes as a str yet runs program code when the record is
formatted, replayed after the graph."""
import random

import numpy

random.seed(2832)
numpy.random.seed(2832)

import json
import logging
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2832)
rng = np.random.default_rng(2832)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(message)s")


class LiveTag(str):
    def __str__(self):
        return str.__str__(self) + "@" + repr(float(W2[0, 0]))


TAG = "run-a"


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    logging.info("tag %s loss %.5f", TAG, float(loss))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        TAG = LiveTag("run-b")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
