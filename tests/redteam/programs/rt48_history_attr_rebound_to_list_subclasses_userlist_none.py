"""`self.hist += [v, tag]` in the step while the loop swaps what `hist` is: a plain list
(steps 0-7), a list subclass with its own `__iadd__` that appends a marker and counts
calls (8-13), a list subclass that overrides only `extend` (14-19: list's C `+=` does
NOT call the Python `extend`, so its counter must stay 0), a `collections.UserList`
(20-25: its Python `__iadd__`), and None (26-29: TypeError, caught in the step, which
rebinds `self.hist` to a new list).  The step reads `len(self.hist)` and
`self.hist[-1]` after the `+=`.  Probes: `+=` dispatch on the runtime type of the
target, including overridden and non-overridden methods of list subclasses."""
import random

import numpy

random.seed(4813)
numpy.random.seed(4813)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4813)
rng = np.random.default_rng(4813)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.3], [-0.6], [0.1]], np.float32)).astype(np.float32)

CALLS = {"iadd": 0, "extend": 0}


class MarkedList(list):
    def __iadd__(self, other):
        CALLS["iadd"] += 1
        self.append("<")
        super().__iadd__(other)
        return self


class ExtendCounting(list):
    def extend(self, items):
        CALLS["extend"] += 1
        super().extend(items)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="sigmoid"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.2)
        self.hist = []
        self.tag = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.tag += 1
        try:
            self.hist += [v, self.tag]
            note = "ok"
        except TypeError as e:
            note = str(e)
            self.hist = [v, self.tag]
        return loss, len(self.hist), self.hist[-1], note


tr = Trainer()
kept = []
for step in range(30):
    if step == 8:
        kept.append(tr.hist)
        tr.hist = MarkedList(tr.hist[-2:])
    if step == 14:
        kept.append(tr.hist)
        tr.hist = ExtendCounting(tr.hist[-2:])
    if step == 20:
        kept.append(tr.hist)
        tr.hist = collections.UserList(tr.hist[-2:])
    if step == 26:
        kept.append(tr.hist)
        tr.hist = None
    i = (step * 8) % 56
    loss, n, last, note = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(tr.hist).__name__, n, last, note, dict(CALLS), [len(k) for k in kept])

print(json.dumps({"kept": [[type(k).__name__] + [repr(v) if isinstance(v, float) else v for v in list(k)[-5:]] for k in kept],
                  "hist": [repr(v) if isinstance(v, float) else v for v in tr.hist], "calls": CALLS,
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
