"""A step guards itself with the program's own check: after the update it raises
`DivergenceError` when the loss exceeds a threshold (a tensor decision), but the
`finally:` clause of the same `try` has a `return` (a known Python gotcha: it swallows
the exception and replaces the return value with the finally's).  The except clause
for another exception class never runs.  Divergent batches are injected from step 12
on.  Eagerly the caller never sees the exception and gets the finally's tuple; janus
builds handlers into the graph and must keep `return` in `finally` semantics."""
import random

import numpy

random.seed(63)
numpy.random.seed(63)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4263)
rng = np.random.default_rng(4263)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.7).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)


class DivergenceError(Exception):
    pass


class Trainer:
    def __init__(self):
        self.fin = 0
        self.caught = 0

    def step(self, x, y):
        status = "ok"
        try:
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(x @ W - y))
            W.assign_sub(0.01 * tape.gradient(loss, W))
            if loss > 30.0:
                status = "diverged"
                raise DivergenceError("loss too high")
            status = "clean"
        except KeyError:
            self.caught += 1
        finally:
            self.fin += 1
            return loss, status


tr = Trainer()
for step in range(30):
    i = (step * 8) % 88
    x = XS[i:i + 8] * (12.0 if step >= 12 and step % 4 == 1 else 1.0)
    try:
        loss, status = tr.step(tf.constant(x), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), status, tr.fin, tr.caught)
    except DivergenceError as e:
        print(step, "escaped", str(e))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "fin": tr.fin}))
