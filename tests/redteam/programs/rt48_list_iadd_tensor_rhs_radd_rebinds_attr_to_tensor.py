"""`self.window += per_example` where `window` is a Python list of 4 floats and
`per_example` is a (4,) tensor: CPython's `+=` tries the list's nb_inplace_add (none),
then nb_add of either side BEFORE the list's sq_inplace_concat, so the tensor's
`__radd__` wins and the attribute is REBOUND to a new tensor `window + per_example`;
the original list object (also held by the loop as `orig`) is not extended.  The step
takes that path when the loop sets `tr.use_tensor` (steps 10-17 and 24-29); otherwise it
does `self.window += [float(loss)]` (a real extend).  The loop turns a tensor window back
into a list of 4 floats.  A second attribute `self.sums += loss` (a list += 0-d tensor)
broadcasts too.  Probes: `+=` on a program list is `extend` only when the right side has
no `__radd__` that accepts a list."""
import random

import numpy

random.seed(4802)
numpy.random.seed(4802)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4802)
rng = np.random.default_rng(4802)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.sin(XS[:, :2].sum(axis=1, keepdims=True))).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


class Trainer:
    def __init__(self):
        self.window = [0.0, 0.0, 0.0, 0.0]
        self.sums = [1.0, 2.0]
        self.use_tensor = False

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            pred = MODEL(x)
            per = tf.reduce_mean(tf.square(pred - y), axis=1)
            loss = tf.reduce_mean(per)
        grads = tape.gradient(loss, MODEL.trainable_variables)
        OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
        if self.use_tensor:
            self.window += per
            self.sums += loss
        else:
            self.window += [float(loss)]
        return loss


tr = Trainer()
orig = tr.window
orig_sums = tr.sums
for step in range(32):
    tr.use_tensor = 10 <= step < 18 or 24 <= step < 30
    before = tr.window
    i = (step * 4) % 92
    loss = tr.train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    w = tr.window
    kind = type(w).__name__
    if isinstance(w, list):
        vals = [repr(float(v)) for v in w[-4:]]
        tr.window = w[-4:]
    else:
        vals = [repr(float(v)) for v in w.numpy()]
        tr.window = [float(v) for v in w.numpy()]
    s = tr.sums
    svals = [repr(float(v)) for v in (s if isinstance(s, list) else s.numpy())]
    if not isinstance(s, list):
        tr.sums = [float(v) for v in s.numpy()]
    print(step, repr(float(loss)), kind, w is orig, len(orig), w is before, len(before), vals, type(s).__name__, svals)

print(json.dumps({
    "orig": [repr(v) for v in orig], "orig_sums": [repr(v) for v in orig_sums],
    "window": [repr(v) for v in tr.window], "sums": [repr(v) for v in tr.sums],
    "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
