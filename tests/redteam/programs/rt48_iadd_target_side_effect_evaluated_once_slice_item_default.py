"""Augmented assignments whose TARGET expression has side effects or unusual shape:
`self.bufs[self.next_slot()] += [v]` (the subscript is evaluated ONCE: next_slot
increments a counter and cycles through 3 slots), `self.pick().items += [step]`
(pick() counts its calls and alternates between two holder objects), `hist[1:2] += [v]`
on a slice (read a slice copy, extend the copy, assign it back: an INSERTION after
item 1), `self.scores[-1] += v` (a float item rebound), and `log += [step]` on a mutable
DEFAULT argument list of the step (the same list across calls; the loop reads it via
`train_step.__defaults__`).  The loop trims and at step 15 replaces a holder's `items`
with a tuple (`holder.items += [...]` then raises TypeError, caught).  Probes: single
evaluation of augmented-assignment targets, slice `+=`, and default-argument lists."""
import random

import numpy

random.seed(4832)
numpy.random.seed(4832)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4832)
rng = np.random.default_rng(4832)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 3:] * 1.2 - 0.2).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Holder:
    def __init__(self, name):
        self.name = name
        self.items = []


class State:
    def __init__(self):
        self.bufs = [[], [], []]
        self.slot_calls = 0
        self.pick_calls = 0
        self.holders = [Holder("a"), Holder("b")]
        self.hist = [0, 1, 2]
        self.scores = [0.0]
        self.errs = 0

    def next_slot(self):
        self.slot_calls += 1
        return self.slot_calls % 3

    def pick(self):
        self.pick_calls += 1
        return self.holders[self.pick_calls % 2]


ST = State()


def train_step(x, y, step, log=[]):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    v = float(loss)
    ST.bufs[ST.next_slot()] += [v]
    try:
        ST.pick().items += [step]
    except TypeError:
        ST.errs += 1
    ST.hist[1:2] += [round(v, 3)]
    ST.scores[-1] += v
    log += [step]
    return loss, len(log)


default_log = train_step.__defaults__[0]
for step in range(30):
    if step == 15:
        ST.holders[0].items = tuple(ST.holders[0].items)
    if step % 5 == 4:
        ST.scores += [0.0]
    i = (step * 8) % 56
    loss, nlog = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), nlog, ST.slot_calls, ST.pick_calls, [len(b) for b in ST.bufs],
          [len(h.items) for h in ST.holders], ST.errs, ST.hist[:4], len(ST.hist), [repr(s) for s in ST.scores[-2:]],
          default_log[-2:])
    if len(ST.hist) > 8:
        ST.hist = ST.hist[:3]

print(json.dumps({"bufs": [[repr(v) for v in b[-2:]] for b in ST.bufs], "holders": [list(h.items) for h in ST.holders],
                  "hist": ST.hist, "scores": [repr(s) for s in ST.scores], "log": default_log,
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
