"""The step does `self.hist += [v]` inside `try/except TypeError` (the handler records
`str(e)` with `self.errs += [...]` and restarts `self.hist = [v]`).  Between steps the
loop rebinds `tr.hist` to things on which that `+=` means something else: a TUPLE at
step 7 (tuple += list: TypeError), None at step 12 (TypeError), a float64 ndarray of
length 1 at step 16 (ndarray += [v]: an in-place BROADCAST add, no error, no growth;
the loop holds the array and sees its value change), a length-3 int64 ndarray at step
21 (in-place add of a float raises numpy's casting error, a TypeError subclass), and a
str at step 26 (str += list: TypeError).  After the `+=` the step reads
`len(self.hist)`.  Probes: one `+=` statement whose meaning changes with the target's
type between calls."""
import random

import numpy

random.seed(4829)
numpy.random.seed(4829)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4829)
rng = np.random.default_rng(4829)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] + 0.5).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.hist = []
        self.errs = []

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        try:
            self.hist += [v]
        except TypeError as e:
            self.errs += [type(e).__name__, str(e)[:40]]
            self.hist = [v]
        return loss, len(self.hist)


tr = Trainer()
held = None
for step in range(32):
    if step == 7:
        tr.hist = tuple(tr.hist[-2:])
    if step == 12:
        tr.hist = None
    if step == 16:
        held = tr.hist = np.array([100.0])
    if step == 21:
        tr.hist = np.arange(3)
    if step == 26:
        tr.hist = "abc"
    i = (step * 8) % 56
    loss, n = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    h = tr.hist
    shown = [repr(float(v)) for v in h[-2:]] if not isinstance(h, str) else h
    print(step, repr(float(loss)), type(h).__name__, n, shown, len(tr.errs), tr.errs[-2:],
          None if held is None else (held is tr.hist, repr(float(held[0]))))

print(json.dumps({"hist": [repr(float(v)) for v in tr.hist], "errs": tr.errs, "held": [repr(float(v)) for v in held],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
