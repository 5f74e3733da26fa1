"""`self.pair[0] += [v]` where `self.pair` is a TUPLE of two lists, and `CFG["bufs"][1] +=
[step]` where the dict item is a tuple: the list's `__iadd__` extends it, then the tuple
item store raises TypeError, so each call both mutates and raises.  The step catches the
errors itself (counting them in `self.errors += 1`) and, before the tape, reads
`len(self.hist)` (the list inside the tuple, also held as an attribute) to scale its
loss, so the weight depends on how many partial mutations landed.  The loop rebuilds
`self.pair` as a LIST of the same two lists at step 13 (no error any more: item store
works), back to a tuple at step 21, and trims the lists.  Probes: an in-place operator
whose mutation lands before the exception that the step itself handles."""
import random

import numpy

random.seed(4811)
numpy.random.seed(4811)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4811)
rng = np.random.default_rng(4811)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[1.0], [-0.5]], np.float32)).astype(np.float32)

A_BUF = []
B_BUF = []
CFG = {"bufs": (A_BUF, B_BUF), "lr_scale": 1.0}


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.hist = []
        self.other = []
        self.pair = (self.hist, self.other)
        self.errors = 0

    def train_step(self, x, y, step):
        weight = 1.0 / (1.0 + 0.1 * (len(self.hist) % 5))
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y)) * weight
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        try:
            self.pair[0] += [v]
            self.pair[1] += [step]
        except TypeError as e:
            self.errors += 1
            msg = str(e)
        else:
            msg = "ok"
        try:
            CFG["bufs"][1] += [step, len(self.hist)]
        except TypeError:
            self.errors += 1
        return loss, weight, msg


tr = Trainer()
for step in range(30):
    if step == 13:
        tr.pair = [tr.hist, tr.other]
    if step == 21:
        tr.pair = (tr.hist, tr.other)
    i = (step * 8) % 56
    loss, weight, msg = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(weight), msg, tr.errors, len(tr.hist), len(tr.other), B_BUF[-2:], len(A_BUF),
          tr.pair[0] is tr.hist, type(tr.pair).__name__)
    if step % 6 == 5:
        del tr.hist[:2]
        del B_BUF[:4]

print(json.dumps({"hist": [repr(v) for v in tr.hist[-5:]], "other": tr.other, "b": B_BUF, "errors": tr.errors,
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
