"""A trainer whose step method makes a cyclic learning-rate iterator
`self.lr_iter = itertools.islice(itertools.cycle(self.lrs), self.offset, None)` every
`self.period` steps, takes one rate from it with next() and stores the partially
consumed iterator on the trainer.  Between steps the outer loop itself draws from
`trainer.lr_iter` (printing the value, type name and isinstance(..., Iterator)), so the
escaped object's exact position, and the cycle's saved copy of the list (edits to
self.lrs after the cycle has gone round once are invisible to it), must match.  Mid-run
self.lrs is edited (step 6: before the first wrap; step 13: after), self.offset changes
(step 17) and self.period changes (step 23).  Probes: itertools objects made in the step
that escape partially consumed and are resumed outside it."""
import random

import numpy

random.seed(4716)
numpy.random.seed(4716)

import collections.abc
import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4716)
rng = np.random.default_rng(4716)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.2).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)),
                                       keras.layers.Dense(8, activation="tanh"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=1.0)
        self.lrs = [0.05, 0.02, 0.01]
        self.offset = 0
        self.period = 10
        self.lr_iter = None
        self.used = []

    def step(self, x, y, n):
        if n % self.period == 0 or self.lr_iter is None:
            self.lr_iter = itertools.islice(itertools.cycle(self.lrs), self.offset, None)
        lr = next(self.lr_iter)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip([g * lr for g in grads],
                                     self.model.trainable_variables))
        self.used.append(lr)
        print("  lr", repr(lr))
        return loss


T = Trainer()
for step in range(32):
    if step == 6:
        T.lrs.append(0.005)
    if step == 13:
        T.lrs[0] = 0.08
    if step == 17:
        T.offset = 2
    if step == 23:
        T.period = 4
    i = (step * 8) % 72
    loss = T.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    peek = next(T.lr_iter)
    print(step, repr(float(loss)), repr(peek), type(T.lr_iter).__name__,
          isinstance(T.lr_iter, collections.abc.Iterator))

print(json.dumps({
    "used": [repr(u) for u in T.used],
    "w": [repr(float(v)) for v in T.model.layers[0].kernel.numpy().ravel()[:6]],
}))
