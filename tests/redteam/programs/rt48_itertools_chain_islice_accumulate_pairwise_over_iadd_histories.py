"""Right after `self.losses += [v]` and `self.norms += [gn]` in the step, itertools
objects made in the step read the just-extended lists: `list(islice(reversed(self.losses),
3))`, `sum(chain(self.losses[-2:], self.norms[-2:]))`, `list(accumulate(self.losses[-4:]))`,
`max(b - a for a, b in pairwise(self.losses[-5:]))` (used as a Python-float factor on
the NEXT call's loss via `self.factor`), and `self.marks += islice(count(self.n), 2)` and
`self.pairs += pairwise(self.norms[-3:])` extend with itertools objects directly.  The
loop trims the lists in place and at step 17 replaces `losses` with an empty list (so
pairwise over fewer than 2 items yields nothing: `max` gets its default).  Probes:
itertools built over Python lists that `+=` changed earlier in the same call."""
import random

import numpy

random.seed(4822)
numpy.random.seed(4822)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4822)
rng = np.random.default_rng(4822)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) * 0.3 + 0.1).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.losses = []
        self.norms = []
        self.marks = []
        self.pairs = []
        self.factor = 1.0
        self.n = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y)) * self.factor
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        gn = float(tf.linalg.global_norm(grads))
        self.n += 1
        self.losses += [v]
        self.norms += [gn]
        recent = list(itertools.islice(reversed(self.losses), 3))
        mixed = sum(itertools.chain(self.losses[-2:], self.norms[-2:]))
        acc = list(itertools.accumulate(self.losses[-4:]))
        jump = max((b - a for a, b in itertools.pairwise(self.losses[-5:])), default=0.0)
        self.factor = 1.0 + min(abs(jump), 0.5)
        self.marks += itertools.islice(itertools.count(self.n), 2)
        self.pairs += itertools.pairwise(self.norms[-3:])
        return loss, recent, mixed, acc[-1], jump


tr = Trainer()
for step in range(30):
    if step == 17:
        tr.losses = []
    i = (step * 8) % 56
    loss, recent, mixed, acc_last, jump = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(v) for v in recent], repr(mixed), repr(acc_last), repr(jump), repr(tr.factor),
          tr.marks[-2:], len(tr.pairs), [repr(v) for v in tr.pairs[-1]] if tr.pairs else None)
    if len(tr.losses) > 7:
        del tr.losses[:3]
    if len(tr.norms) > 5:
        del tr.norms[0]
    if len(tr.pairs) > 6:
        tr.pairs[:] = tr.pairs[-2:]

print(json.dumps({"losses": [repr(v) for v in tr.losses], "norms": [repr(v) for v in tr.norms], "marks": tr.marks[-6:],
                  "pairs": [[repr(a), repr(b)] for a, b in tr.pairs], "factor": repr(tr.factor),
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
