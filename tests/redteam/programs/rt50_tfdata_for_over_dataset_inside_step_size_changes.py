"""The training step iterates a small tf.data dataset itself (`for x, y in
self.micro:`), one gradient per micro-batch, averaged and applied once; it counts the
micro-batches in a Python int and returns it.  The loop replaces `self.micro` with a
dataset of another size at steps 12 (5 batches instead of 3), 22 (a shuffled one with a
seed) and 30 (2 batches, partial last batch).  Probes: a Python for-loop over a
dataset inside a hot step (a new iterator per call, its trip count from the data
pipeline), the dataset object swapped between calls, the counts and weights."""
import random

import numpy

random.seed(67)
numpy.random.seed(67)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6718)
rng = np.random.default_rng(6718)
XS = rng.normal(size=(40, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)


def micro(n_rows, batch, seed=None):
    ds = tf.data.Dataset.from_tensor_slices((XS[:n_rows], YS[:n_rows]))
    if seed is not None:
        ds = ds.shuffle(n_rows, seed=seed)
    return ds.batch(batch)


class Trainer:
    def __init__(self):
        self.micro = micro(12, 4)
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(learning_rate=0.02)
        self.total_micro = 0

    def step(self):
        acc = None
        n = 0
        for x, y in self.micro:
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(self.model(x) - y))
            g = tape.gradient(loss, self.model.trainable_variables)
            acc = g if acc is None else [a + b for a, b in zip(acc, g)]
            n += 1
        self.opt.apply_gradients(zip([a / n for a in acc], self.model.trainable_variables))
        self.total_micro += n
        return n, loss


T = Trainer()
for step in range(38):
    if step == 12:
        T.micro = micro(20, 4)
    if step == 22:
        T.micro = micro(20, 5, seed=9)
    if step == 30:
        T.micro = micro(7, 4)
    n, loss = T.step()
    print(step, n, repr(float(loss)), T.total_micro)

print(json.dumps({
    "total_micro": T.total_micro,
    "w": [repr(float(v)) for v in T.model.layers[1].kernel.numpy().ravel()],
}))
