"""A `StepGuard` context manager (a training-code "skip bad steps" guard) whose
`__enter__` and `__exit__` log and count, used around the tape and the update in the
step.  Inside the block the step raises `SkipStep` (the program's own exception class)
when a Python flag says the batch is bad, before the update; `__exit__` suppresses it
(returns True) while the guard's `tolerate` budget lasts and lets it propagate afterwards
(returns False), where the training loop catches it.  `__enter__` returns the guard
itself and the step writes into it through the `as` name.  The loop flags batches,
changes the budget and replaces `__exit__` on the class mid-run with one that also
suppresses ValueError.  Probes: `__enter__`/`__exit__` order and arguments (exception
type seen), suppression decided by user code, updates skipped or made, in a converted
step."""
import random

import numpy

random.seed(4911)
numpy.random.seed(4911)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4911)
rng = np.random.default_rng(4911)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :2].mean(axis=1, keepdims=True) - XS[:, 3:]).astype(np.float32)

LOG = []


class SkipStep(Exception):
    pass


class StepGuard:
    def __init__(self, tolerate):
        self.tolerate = tolerate
        self.entered = 0
        self.skipped = 0
        self.note = ""

    def __enter__(self):
        self.entered += 1
        LOG.append(("enter", self.entered))
        return self

    def __exit__(self, exc_type, exc, tb):
        name = exc_type.__name__ if exc_type is not None else None
        LOG.append(("exit", name))
        if exc_type is SkipStep and self.tolerate > 0:
            self.tolerate -= 1
            self.skipped += 1
            return True
        return False


GUARD = StepGuard(3)
BAD = set()
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, step, bad):
    loss = tf.constant(-1.0)
    with GUARD as g:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        grads = tape.gradient(loss, MODEL.trainable_variables)
        if bad:
            raise SkipStep("bad batch %d" % step)
        if step == 21:
            raise ValueError("odd step")
        OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
        g.note = "ok %d" % step
    return loss


for step in range(30):
    if step in (5, 6, 11, 12, 14, 25):
        BAD.add(step)
    if step == 13:
        GUARD.tolerate = 1
    if step == 18:
        def exit_loose(self, exc_type, exc, tb):
            LOG.append(("exit_loose", exc_type.__name__ if exc_type else None))
            if exc_type in (SkipStep, ValueError):
                self.skipped += 1
                return True
            return None
        StepGuard.__exit__ = exit_loose
    n0 = len(LOG)
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step, step in BAD)
        out = repr(float(loss))
    except (SkipStep, ValueError) as e:
        out = "raised " + type(e).__name__ + ": " + str(e)
    print(step, out, GUARD.note, GUARD.skipped, GUARD.tolerate, LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "iters": int(OPT.iterations.numpy()), "entered": GUARD.entered}))
