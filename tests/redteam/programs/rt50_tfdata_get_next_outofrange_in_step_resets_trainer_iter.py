"""The training step pulls with `self.it.get_next()` (which raises
tf.errors.OutOfRangeError at the end, not StopIteration) inside a try block; on
OutOfRangeError it bumps a Python epoch counter, appends the step number to a list,
replaces `self.it` with a fresh iterator over a dataset that is re-batched with a
larger batch each epoch (`self.batch += 2`, dataset rebuilt from numpy), and returns
None without training.  Probes: get_next()'s OutOfRangeError caught inside a hot step,
the iterator attribute and the dataset replaced by the step, batch shapes that grow per
epoch, Python state written in the handler, the weights."""
import random

import numpy

random.seed(54)
numpy.random.seed(54)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5405)
rng = np.random.default_rng(5405)
N = 30
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([[1.5], [-0.5], [0.75]], np.float32) + 0.1).astype(np.float32)


class Trainer:
    def __init__(self):
        self.batch = 4
        self.epoch = 0
        self.ends = []
        self.it = self.make_iter()
        self.w = tf.Variable(tf.zeros((3, 1)))
        self.b = tf.Variable(0.0)
        self.opt = keras.optimizers.Adam(learning_rate=0.1)
        self.calls = 0

    def make_iter(self):
        ds = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(self.batch)
        return iter(ds)

    def train_step(self):
        self.calls += 1
        try:
            x, y = self.it.get_next()
        except tf.errors.OutOfRangeError:
            self.epoch += 1
            self.ends.append(self.calls)
            self.batch += 2
            self.it = self.make_iter()
            return None
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w + self.b - y))
        grads = tape.gradient(loss, [self.w, self.b])
        self.opt.apply_gradients(zip(grads, [self.w, self.b]))
        return loss


T = Trainer()
for step in range(42):
    loss = T.train_step()
    if loss is None:
        print(step, "epoch", T.epoch, "batch now", T.batch)
    else:
        print(step, repr(float(loss)))

print(json.dumps({
    "epoch": T.epoch, "batch": T.batch, "ends": T.ends, "calls": T.calls,
    "w": [repr(float(v)) for v in T.w.numpy().ravel()], "b": repr(float(T.b.numpy())),
    "iterations": int(T.opt.iterations.numpy()),
}))
