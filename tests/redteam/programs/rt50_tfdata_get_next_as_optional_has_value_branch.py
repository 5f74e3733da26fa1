"""The step pulls with `opt = self.it.get_next_as_optional()` and branches in Python on
`if not opt.has_value():` (a tensor): at the end of the data it counts an epoch in a
Python attribute, makes a new iterator over a dataset whose shuffle seed is the epoch
number (rebuilt by the step), prints and returns None; otherwise it trains on
`opt.get_value()`.  Probes: tf.data's Optional in a hot step, a branch on
`has_value()` that is true for most calls and false once per epoch, the iterator and
dataset replaced by the step, each epoch's order (ids printed), counters and
weights."""
import random

import numpy

random.seed(62)
numpy.random.seed(62)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6213)
rng = np.random.default_rng(6213)
N = 24
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = np.tanh(XS @ np.array([[0.6], [-0.4], [0.9]], np.float32)).astype(np.float32)


def make_ds(seed):
    return (tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int32), XS, YS))
            .shuffle(N, seed=seed).batch(4))


class Trainer:
    def __init__(self):
        self.epoch = 0
        self.it = iter(make_ds(0))
        self.model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="tanh"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(learning_rate=0.03)
        self.empty_calls = []

    def step(self, i):
        opt = self.it.get_next_as_optional()
        if not opt.has_value():
            self.epoch += 1
            self.empty_calls.append(i)
            self.it = iter(make_ds(self.epoch))
            print("  epoch", self.epoch, "at call", i)
            return None
        ids, x, y = opt.get_value()
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        return ids, loss


T = Trainer()
for i in range(42):
    out = T.step(i)
    if out is not None:
        ids, loss = out
        print(i, ids.numpy().tolist(), repr(float(loss)))

print(json.dumps({
    "epoch": T.epoch,
    "empty_calls": T.empty_calls,
    "w": [repr(float(v)) for v in T.model.layers[1].kernel.numpy().ravel()],
}))
