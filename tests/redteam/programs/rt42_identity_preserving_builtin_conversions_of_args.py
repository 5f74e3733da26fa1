"""Defensive conversions in a step: `lr = float(lr)`, `k = int(k)`, `name = str(name)`,
`shape = tuple(shape)` are written to accept numpy scalars or lists, but for exact
float/int/str/tuple arguments CPython returns the argument itself.  The step stores the
converted values on the trainer and the caller checks identity against what it passed
(an 'unchanged config' fast path).  The caller passes fresh equal objects each call
for 12 steps, then the same objects.  janus must give back the caller's objects where
CPython's conversions do."""
import random

import numpy

random.seed(43)
numpy.random.seed(43)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4243)
rng = np.random.default_rng(4243)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-1.0], [0.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


class Trainer:
    def __init__(self):
        self.saved = None

    def step(self, x, y, lr, k, name, shape):
        lr = float(lr)
        k = int(k)
        name = str(name)
        shape = tuple(shape)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y)) * k
        g = tape.gradient(loss, W)
        W.assign_sub(lr * tf.reshape(g, shape))
        self.saved = (lr, k, name, shape)
        return loss


tr = Trainer()
fixed = None
for step in range(30):
    i = (step * 8) % 88
    if step < 12 or fixed is None:
        args = (float("0.05"), int("1000") - 999, "".join(["mse", "_", "w"]), tuple([4, 1]))
        if step >= 12:
            fixed = args
    else:
        args = fixed
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), *args)
    ids = [a is b for a, b in zip(tr.saved, args)]
    print(step, repr(float(loss)), ids)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
