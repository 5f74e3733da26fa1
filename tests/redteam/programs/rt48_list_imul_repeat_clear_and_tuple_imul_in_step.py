"""`*=` on lists and tuples in the step: `self.pattern *= 2` doubles a class-attribute
list through the instance (in place on the shared class list, then an instance
attribute), `self.buf *= 0` clears the trainer's buffer in place every 6th call (the
loop holds the same list object), `self.mask *= 1` keeps it, `row = [v]; row *= 3` on a
list the step makes and stores, `self.span *= 2` on a TUPLE (rebinds), and
`self.window *= self.k` where the loop changes `k` (0, 1, 2, and -1).  The step reads
`len(self.pattern)`, `self.buf[-1]` and `sum(self.mask)` after the operators and the loop
trims `pattern` back to two items in place.  Probes: list repetition in place (`*=`),
which keeps identity and shares the item objects."""
import random

import numpy

random.seed(4820)
numpy.random.seed(4820)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4820)
rng = np.random.default_rng(4820)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.4 + np.sin(XS[:, 1:2])).astype(np.float32)


class Trainer:
    pattern = [1, 0]

    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(learning_rate=0.01)
        self.buf = []
        self.mask = [1, 1, 0]
        self.span = (0.5,)
        self.window = [0.0]
        self.k = 1
        self.rows = []
        self.calls = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.calls += 1
        self.pattern *= 2
        self.buf += [v]
        if self.calls % 6 == 0:
            self.buf *= 0
        self.mask *= 1
        row = [v]
        row *= 3
        self.rows += [row]
        self.span *= 2
        self.window += [v]
        self.window *= self.k
        last = self.buf[-1] if self.buf else None
        return loss, len(self.pattern), last, sum(self.mask), row[0] is row[2]


tr = Trainer()
buf_alias = tr.buf
mask_alias = tr.mask
for step in range(30):
    if step == 8:
        tr.k = 2
    if step == 12:
        tr.k = 0
    if step == 16:
        tr.k = -1
    if step == 20:
        tr.k = 1
    i = (step * 8) % 56
    loss, npat, last, msum, shared = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), npat, "pattern" in vars(tr), tr.pattern is Trainer.pattern, repr(last), msum, shared,
          len(tr.buf), tr.buf is buf_alias, tr.mask is mask_alias, len(tr.span), len(tr.window), len(tr.rows))
    del Trainer.pattern[2:]
    if len(tr.window) > 8:
        tr.window = tr.window[-2:]
    if len(tr.span) > 64:
        tr.span = tr.span[:1]

print(json.dumps({"pattern": Trainer.pattern, "buf": [repr(v) for v in tr.buf], "mask": tr.mask,
                  "window": [repr(v) for v in tr.window], "rows": [[repr(v) for v in r] for r in tr.rows[-2:]],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
