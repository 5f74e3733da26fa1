"""The step keeps its histories through the `operator` module: `res =
operator.iadd(self.hist, [v, tag])` (extends, returns the same list: `res is
self.hist`), `self.span = operator.iadd(self.span, (v,))` on a tuple (new object),
`self.count = operator.iadd(self.count, 1)`, `operator.iadd(SHARED, gen)` with a
generator made in the step, then reads back with `operator.itemgetter(-2, -3)`,
`operator.attrgetter("hist", "count")` and `operator.methodcaller("count", TAG)` /
`methodcaller("index", TAG)` (made in the step from constants), and `operator.iadd` on
a string.  The loop renames TAG at step 11, replaces `self.hist` by a copy at step 19 and
clears SHARED at step 24.  Probes: in-place operator functions (not statements) and
getter objects over lists just extended in the same step."""
import random

import numpy

random.seed(4821)
numpy.random.seed(4821)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4821)
rng = np.random.default_rng(4821)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 3:]).astype(np.float32)

TAG = "warm"
SHARED = []


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.02)
        self.hist = ["start"]
        self.span = ()
        self.count = 0
        self.text = ""

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        res = operator.iadd(self.hist, [v, TAG])
        self.span = operator.iadd(self.span, (v,))
        self.count = operator.iadd(self.count, 1)
        operator.iadd(SHARED, (self.count * k for k in range(2)))
        self.text = operator.iadd(self.text, TAG[0])
        last, third = operator.itemgetter(-2, -3)(self.hist)
        hist_ref, count = operator.attrgetter("hist", "count")(self)
        n_tag = operator.methodcaller("count", TAG)(self.hist)
        first_tag = operator.methodcaller("index", TAG)(self.hist)
        return loss, res is self.hist, hist_ref is self.hist, last, third, count, n_tag, first_tag


tr = Trainer()
held = tr.hist
for step in range(30):
    if step == 11:
        TAG = "main"
    if step == 19:
        tr.hist = list(tr.hist)
    if step == 24:
        SHARED.clear()
    i = (step * 8) % 56
    loss, same, same_ref, last, third, count, n_tag, first_tag = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), same, same_ref, repr(last), repr(third), count, n_tag, first_tag, len(tr.span),
          tr.hist is held, len(held), SHARED[-2:], tr.text[-3:])

print(json.dumps({"hist": [repr(v) if isinstance(v, float) else v for v in tr.hist[-4:]],
                  "held": [repr(v) if isinstance(v, float) else v for v in held[-4:]], "span": [repr(v) for v in tr.span[-3:]],
                  "shared": SHARED, "text": tr.text, "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
