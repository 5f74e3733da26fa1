"""numpy arrays held in trainer attributes updated with augmented assignment in the
step: `self.acc += g.numpy()` is in place (the loop holds `snap = tr.acc` and sees it
change), `self.counts += 1` on an int32 array, `self.counts += 0.5` when `self.frac` is
set (steps 12-15: numpy's same_kind casting raises UFuncTypeError BEFORE changing
anything, caught in the step), `self.acc *= 0.5` on every 5th call, `self.plain +=
g.numpy()` where `plain` starts as the Python float 0.0 (first call rebinds it to a new
array, later calls are in place), and `self.hist += [float(np.abs(self.acc).sum())]`.
The loop swaps `acc` for a float64 copy at step 18 (snap then stays behind).  Probes:
ndarray `+=`/`*=` in place vs rebinding, with a casting failure mid-statement."""
import random

import numpy

random.seed(4817)
numpy.random.seed(4817)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4817)
rng = np.random.default_rng(4817)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-2.0]], np.float32)).astype(np.float32)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(tf.zeros((3, 1)))
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.acc = np.zeros(3, np.float32)
        self.counts = np.zeros(2, np.int32)
        self.plain = 0.0
        self.frac = False
        self.hist = []
        self.calls = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        g = tape.gradient(loss, self.w)
        self.opt.apply_gradients([(g, self.w)])
        gn = g[:, 0].numpy()
        self.calls += 1
        self.acc += gn
        self.counts += 1
        err = None
        if self.frac:
            try:
                self.counts += 0.5
            except TypeError as e:
                err = type(e).__name__
        if self.calls % 5 == 0:
            self.acc *= 0.5
        self.plain += gn
        self.hist += [float(np.abs(self.acc).sum())]
        return loss, err


tr = Trainer()
snap = tr.acc
plain_first = None
for step in range(30):
    tr.frac = 12 <= step < 16
    if step == 18:
        tr.acc = tr.acc.astype(np.float64)
    i = (step * 8) % 56
    loss, err = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    if plain_first is None:
        plain_first = tr.plain
    print(step, repr(float(loss)), err, tr.acc.dtype.name, [repr(float(v)) for v in tr.acc], snap is tr.acc,
          [repr(float(v)) for v in snap], tr.counts.tolist(), tr.plain is plain_first, repr(float(tr.plain[0])),
          repr(tr.hist[-1]))

print(json.dumps({"acc": [repr(float(v)) for v in tr.acc], "snap": [repr(float(v)) for v in snap],
                  "counts": tr.counts.tolist(), "plain": [repr(float(v)) for v in tr.plain],
                  "hist": [repr(v) for v in tr.hist[-4:]], "w": [repr(float(v)) for v in tr.w.numpy().ravel()]}))
