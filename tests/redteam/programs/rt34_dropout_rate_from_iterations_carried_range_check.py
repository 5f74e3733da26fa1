"""A dropout rate the step computes from the optimizer's iteration counter:
r = (int(OPT.iterations) % 5) * 0.25, so it cycles 0, .25, .5, .75, 1.0.  TF's
_dropout checks `isinstance(rate, numbers.Real)`: a Python float of 1.0 raises
ValueError (the step catches it and skips dropout for that batch), and 0.0 takes the
fast path.  When janus carries r as a graph number, TF's library code sees something
else than a Python float.  tf.random.set_seed fixes dropout's draws.  Probes: carried
Python numbers handed to library code that checks their type."""
import random

import numpy

random.seed(347)
numpy.random.seed(347)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3408)
tf.random.set_seed(3408)
rng = np.random.default_rng(3408)
XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) > 0).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 12)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.1)
LOG = {"skipped": 0, "dropped": 0}


def train_step(x, y):
    r = (int(OPT.iterations) % 5) * 0.25
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        try:
            h = tf.nn.dropout(h, rate=r)
            LOG["dropped"] += 1
        except ValueError:
            LOG["skipped"] += 1
        logits = h @ W2
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, r


for step in range(40):
    i = (step * 8) % 72
    loss, r = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, r, float(loss).hex())

print("log", LOG)
print("w1", float(tf.reduce_sum(W1)).hex(), "w2", float(tf.reduce_sum(W2)).hex())
