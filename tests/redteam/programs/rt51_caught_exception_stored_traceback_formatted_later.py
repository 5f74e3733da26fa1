"""A trainer that records the errors it recovers from for a report: the step validates
its Python learning-rate multiplier (a schedule the loop advances, which goes negative
for a few steps) with `raise ValueError(...)` inside a try, and raises RuntimeError
while the loop holds `self.paused` set (steps 14-18, a Python flag); each handler stores
the exception object in `self.errors`, skips the update and returns.  At the end the loop
prints each stored exception's type, message, whether it carries a traceback,
the frames of its traceback (file, line, function and source line of each) and its
`__context__`/`__cause__`.  Probes: an exception caught inside the step and kept beyond
the call: its identity, attributes and traceback frames as later code sees them."""
import random

import numpy

random.seed(5126)
numpy.random.seed(5126)

import json
import os
import traceback

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5126)
rng = np.random.default_rng(5126)

XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([0.5, 1.5, -1.0], np.float32)).astype(np.float32)
MULTS = [1.0, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5, -0.5, 0.5, 0.5, 0.4, 0.4, -0.1, -0.2, 0.3, 0.3,
         0.3, 0.3, 0.2, 0.2, -1.0, 0.2, 0.2, 0.2, 0.1, 0.1, 0.1, 0.1, -0.3, 0.1, 0.1, 0.1, 0.1, 0.1]


def check_multiplier(m):
    if m < 0.0:
        raise ValueError(f"negative lr multiplier {m}")
    return m


class Trainer:
    def __init__(self):
        self.w = tf.Variable(tf.zeros((3,)), name="w")
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.mult = 1.0
        self.errors = []
        self.paused = False
        self.calls = 0

    def train_step(self, x, y):
        self.calls += 1
        try:
            if self.paused:
                raise RuntimeError("updates paused")
        except RuntimeError as e:
            self.errors.append(e)
            return tf.constant(-1.0), False
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, self.w) - y))
        grads = tape.gradient(loss, [self.w])
        try:
            m = check_multiplier(self.mult)
        except ValueError as e:
            self.errors.append(e)
            return loss, False
        self.opt.apply_gradients([(grads[0] * m, self.w)])
        return loss, True


tr = Trainer()
for step, m in enumerate(MULTS):
    tr.mult = m
    tr.paused = 14 <= step < 19
    i = (step * 4) % 60
    loss, applied = tr.train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, m, applied, len(tr.errors), repr(float(loss)))

for e in tr.errors:
    print("error", type(e).__name__, e.args, e.__traceback__ is not None, e.__context__, e.__cause__,
          e.__suppress_context__)
    frames = [(os.path.basename(f.filename), f.lineno, f.name, f.line) for f in traceback.extract_tb(e.__traceback__)]
    print("frames", frames)
    print("only", traceback.format_exception_only(e)[-1].rstrip())
print("distinct", len({id(e) for e in tr.errors}), len(tr.errors))
print(json.dumps({"w": [repr(float(v)) for v in tr.w.numpy()],
                  "iterations": int(tr.opt.iterations.numpy())}))
