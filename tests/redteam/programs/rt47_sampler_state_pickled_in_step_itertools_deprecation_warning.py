"""A trainer whose data order is an itertools pipeline (islice over a cycle of a shuffled
index list) stored on the trainer; inside the step it draws the batch's row offset with
next(), and every CKPT_EVERY calls it checkpoints the sampler with pickle.dumps(...) --
which in CPython 3.13 emits "DeprecationWarning: Pickle, copy, and deepcopy support will
be removed from itertools in Python 3.14." from C code (attributed to the step's line).
The step records those warnings with warnings.catch_warnings(record=True), prints their
count/category/message/line number, and restores a probe copy with pickle.loads (another
warning, left to the "always" filter so it reaches stderr) whose next item is compared
with the live sampler's.  CKPT_EVERY changes at step 12 and the sampler is rebuilt from
a reshuffled list at step 20.  Probes: warnings raised by C itertools code inside a
converted step, pickle round-trips of the program's iterator state."""
import random

import numpy

random.seed(4729)
numpy.random.seed(4729)

import itertools
import json
import pickle
import warnings

import keras
import numpy as np
import tensorflow as tf

warnings.simplefilter("always", DeprecationWarning)
keras.utils.set_random_seed(4729)
rng = np.random.default_rng(4729)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
CKPT_EVERY = [4]


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)),
                                       keras.layers.Dense(8, activation="tanh"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        order = list(range(0, 88, 8))
        random.shuffle(order)
        self.sampler = itertools.islice(itertools.cycle(order), 1, None)
        self.calls = 0
        self.ckpts = []

    def step(self):
        self.calls += 1
        i = next(self.sampler)
        x = tf.constant(XS[i:i + 8])
        y = tf.constant(YS[i:i + 8])
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        if self.calls % CKPT_EVERY[0] == 0:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                blob = pickle.dumps(self.sampler)
            self.ckpts.append(len(blob))
            print("  ckpt", len(caught), caught[0].category.__name__,
                  str(caught[0].message)[:30], caught[0].lineno)
            probe = pickle.loads(blob)
            print("  probe next", next(probe))
        return loss, i


T = Trainer()
for step in range(30):
    if step == 12:
        CKPT_EVERY[0] = 3
    if step == 20:
        order = list(range(0, 88, 8))
        random.shuffle(order)
        T.sampler = itertools.cycle(order)
    loss, i = T.step()
    print(step, repr(float(loss)), i)

print(json.dumps({
    "ckpts": T.ckpts,
    "w": [repr(float(v)) for v in T.model.layers[0].kernel.numpy().ravel()[:6]],
}))
