"""Two `+=` targets whose final STORE fails AFTER the list was extended: `self.events +=
[...]` on a `__slots__` class whose `events` is a class-level list with no slot for it
(list extended, then AttributeError "object attribute 'events' is read-only"), and
`self.view += [...]` where `view` is a read-only property returning the private list
`self._log` (extended, then AttributeError "property 'view' ... has no setter").  The
step catches both and counts them in a slot (`self.fails += 1`).  The loop gives the
class a setter-less property replaced by one WITH a setter at step 16 (then the store
succeeds and rebinds `_log` to the same list), rebinds the class list at step 22, and
trims.  Probes: extension kept when the attribute store of `+=` raises."""
import random

import numpy

random.seed(4812)
numpy.random.seed(4812)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4812)
rng = np.random.default_rng(4812)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 0.8 + XS[:, 2:3] ** 2 * 0.2).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


class SlotTrainer:
    __slots__ = ("fails", "setter_calls")
    events = []

    def __init__(self):
        self.fails = 0
        self.setter_calls = 0

    def train_step(self, x, y, step):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        grads = tape.gradient(loss, MODEL.trainable_variables)
        OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
        v = float(loss)
        try:
            self.events += [v, step]
        except AttributeError as e:
            self.fails += 1
            first = str(e)
        return loss, first, len(self.events)


class Logger:
    def __init__(self):
        self._log = []

    @property
    def view(self):
        return self._log

    def record(self, v):
        try:
            self.view += [v]
            return "stored"
        except AttributeError as e:
            return str(e)


def _set_view(self, value):
    LOG_SETS.append(value is self._log)
    self._log = value


LOG_SETS = []
tr = SlotTrainer()
lg = Logger()
orig_events = SlotTrainer.events


def outer_step(x, y, step):
    loss, first, n = tr.train_step(x, y, step)
    res = lg.record(round(float(loss), 5))
    return loss, first, n, res


for step in range(30):
    if step == 16:
        Logger.view = property(Logger.view.fget, _set_view)
    if step == 22:
        SlotTrainer.events = ["fresh"]
    i = (step * 8) % 56
    loss, first, n, res = outer_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), first, n, tr.fails, res, len(lg._log), lg._log[-1], len(LOG_SETS), len(orig_events))
    if len(orig_events) > 12:
        del orig_events[:6]

print(json.dumps({"events": [repr(v) if isinstance(v, float) else v for v in SlotTrainer.events[-4:]],
                  "orig": [repr(v) if isinstance(v, float) else v for v in orig_events[-4:]],
                  "log": lg._log[-4:], "sets": LOG_SETS, "fails": tr.fails,
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
