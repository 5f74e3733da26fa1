"""Evaluation order of augmented assignment when the right-hand side is a call that
touches the target: in `self.hist += self.collect(v)` CPython loads `self.hist` FIRST,
then calls collect(), then extends the loaded list and stores it back.  collect()
appends a marker to the same list (seen before the extension), and on every 4th call it
also REBINDS `self.hist = ["rebound"]`: the final store of `+=` overwrites that
rebinding with the old (extended) list, so the "rebound" list is lost.  Likewise
`self.n += self.bump()` where bump() does `self.n += 100` (its write is overwritten) and
`HIST += reset_global()` where reset_global() rebinds the module global HIST to a new
list (the old extended list is stored back; the loop keeps the lists it saw).  Probes:
the load-call-inplace-store order of `+=` when the call writes the same place."""
import random

import numpy

random.seed(4833)
numpy.random.seed(4833)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4833)
rng = np.random.default_rng(4833)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] + XS[:, 1:2])).astype(np.float32)

HIST = []
LOST = []


def reset_global(v, calls):
    global HIST
    if calls % 3 == 0:
        new = ["fresh", calls]
        LOST.append(new)
        HIST = new
    return [round(v, 4)]


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.hist = []
        self.n = 0
        self.calls = 0
        self.dropped = []

    def collect(self, v):
        self.hist.append("marker")
        if self.calls % 4 == 0:
            dropped = ["rebound", self.calls]
            self.dropped.append(dropped)
            self.hist = dropped
        return [v, self.calls]

    def bump(self):
        self.n += 100
        return 1

    def train_step(self, x, y):
        global HIST
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.calls += 1
        self.hist += self.collect(v)
        self.n += self.bump()
        HIST += reset_global(v, self.calls)
        return loss


tr = Trainer()
seen = [HIST]
held = tr.hist
for step in range(30):
    i = (step * 8) % 56
    loss = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    if not any(HIST is s for s in seen):
        seen.append(HIST)
    print(step, repr(float(loss)), tr.hist is held, len(tr.hist), tr.hist[-3] if len(tr.hist) >= 3 else None, tr.n,
          len(tr.dropped), tr.dropped[-1:] if tr.dropped else None, len(seen), len(HIST), HIST[-1], len(LOST))
    if len(tr.hist) > 9:
        del tr.hist[:6]

print(json.dumps({"hist": [repr(h) if isinstance(h, float) else h for h in tr.hist], "n": tr.n, "dropped": tr.dropped,
                  "HIST": HIST, "lost": LOST[-3:], "seen": [len(s) for s in seen],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
