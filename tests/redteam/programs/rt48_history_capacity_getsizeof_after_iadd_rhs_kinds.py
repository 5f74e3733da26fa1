"""`sys.getsizeof()` of histories extended by `+=` in the step, read by the loop after every
step: CPython's list_extend sizes the list differently per kind of right-hand side
(exact list/tuple: one resize to the exact new length with over-allocation; a generator,
map or islice: a preallocation from `__length_hint__` (8 if none) then item-by-item
appends and a final trim; a range or reversed(): their length hint; a set or dict:
their size), so the room the list ends up with (and so getsizeof) records HOW it was
extended, not just what it holds.  Five histories, each always extended with one kind:
list display, tuple display, generator expression, map(), and range()/reversed().
The step also reads `sys.getsizeof` of one of them right after its `+=`.  The loop
clears them (`del h[:]`, which frees the room) every 9 steps.  Probes: the list capacity
left by a deferred extend matches eager's for each right-hand side kind."""
import random

import numpy

random.seed(4835)
numpy.random.seed(4835)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4835)
rng = np.random.default_rng(4835)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] - XS[:, :1] * XS[:, 1:2] * 0.3).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.h_list = []
        self.h_tuple = []
        self.h_gen = []
        self.h_map = []
        self.h_range = []
        self.calls = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.calls += 1
        self.h_list += [v, self.calls, v * 2]
        self.h_tuple += (v, self.calls, v * 2)
        self.h_gen += (v * k for k in range(3))
        inner = sys.getsizeof(self.h_gen)
        self.h_map += map(float, [self.calls, v, 0.5])
        if self.calls % 2:
            self.h_range += range(self.calls, self.calls + 3)
        else:
            self.h_range += reversed([v, v, v])
        return loss, inner


tr = Trainer()
names = ["h_list", "h_tuple", "h_gen", "h_map", "h_range"]
for step in range(30):
    i = (step * 8) % 56
    loss, inner = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    sizes = [sys.getsizeof(getattr(tr, n)) for n in names]
    lens = [len(getattr(tr, n)) for n in names]
    print(step, repr(float(loss)), inner, sizes, lens, repr(tr.h_gen[-1]), tr.h_range[-1] if isinstance(tr.h_range[-1], int) else repr(tr.h_range[-1]))
    if step % 9 == 8:
        for n in names:
            del getattr(tr, n)[:]

print(json.dumps({"sizes": [sys.getsizeof(getattr(tr, n)) for n in names], "lens": [len(getattr(tr, n)) for n in names],
                  "tail": [[repr(v) for v in getattr(tr, n)[-3:]] for n in names],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
