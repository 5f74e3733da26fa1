"""Curriculum switch between two (x, y) batches the caller passes as tuples: the step
picks `batch = hard if loss_on_easy < 0.5 else easy` with a Python `if` on a tensor
(both outcomes happen), trains on it and returns it, and also keeps it in a
`last_batch` attribute.  Eagerly `batch` is one of the caller's two tuple objects, so
`batch is hard` / `batch is easy` answer True for the one taken.  Probes: identity of
a caller's tuple (of tensors) chosen by a branch on a tensor, returned and stored."""
import random

import numpy

random.seed(34)
numpy.random.seed(34)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4127)
rng = np.random.default_rng(4127)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 0.9 + XS[:, :1] * 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    last_batch = None


TR = Trainer()


def train_step(easy, hard):
    ex, ey = easy
    easy_loss = tf.reduce_mean(tf.square(ex @ W - ey))
    if easy_loss < 0.5:
        batch = hard
    else:
        batch = easy
    TR.last_batch = batch
    x, y = batch
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, batch


for step in range(34):
    i = (step * 8) % 80
    easy = (tf.constant(XS[i:i + 8] * 0.5), tf.constant(YS[i:i + 8] * 0.5))
    hard = (tf.constant(XS[i + 8:i + 16] * 2.0), tf.constant(YS[i + 8:i + 16] * 2.0))
    loss, batch = train_step(easy, hard)
    print(step, repr(float(loss)), batch is easy, batch is hard, TR.last_batch is batch,
          type(batch).__name__, batch[0] is easy[0], batch[0] is hard[0])

print("W", [repr(float(v)) for v in W.numpy().ravel()])
