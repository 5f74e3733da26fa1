"""AverageMeter-style objects updated with `+=` in the step: `self.meters["loss"] += v`
where the meter's `__iadd__` updates its sum/count and returns self (the dict item is
re-stored with the same object), `self.norm_meter += gn` whose `__iadd__` returns a NEW
meter (the attribute is rebound; the loop keeps the old one), `self.frozen += v` whose
`__iadd__` returns NotImplemented so Python falls back to its `__add__` (a new object),
and `self.hist += self.marker` where `marker` is a user object with `__radd__`
(list's `+=` tries `marker.__radd__(hist)` first: it returns a new list with a tag, so
the attribute is rebound and the old list kept by the loop is not extended) versus an
iterable user object without `__radd__` (steps >= 16: a real extend via its `__iter__`).
Probes: the program's own `__iadd__`/`__add__`/`__radd__` reached by augmented assignment."""
import random

import numpy

random.seed(4830)
numpy.random.seed(4830)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4830)
rng = np.random.default_rng(4830)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)


class Meter:
    def __init__(self, total=0.0, count=0):
        self.total = total
        self.count = count

    def __iadd__(self, v):
        self.total += v
        self.count += 1
        return self

    @property
    def mean(self):
        return self.total / max(self.count, 1)


class CopyMeter(Meter):
    def __iadd__(self, v):
        return CopyMeter(self.total + v, self.count + 1)


class FrozenMeter(Meter):
    def __iadd__(self, v):
        return NotImplemented

    def __add__(self, v):
        return FrozenMeter(self.total + v * 2, self.count + 1)


class Marker:
    def __init__(self, tag):
        self.tag = tag

    def __radd__(self, other):
        return list(other[-2:]) + [self.tag]


class Items:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __iter__(self):
        yield self.a
        yield self.b


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.meters = {"loss": Meter()}
        self.norm_meter = CopyMeter()
        self.frozen = FrozenMeter()
        self.hist = []
        self.marker = Marker("m")

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        gn = float(tf.linalg.global_norm(grads))
        self.meters["loss"] += v
        self.norm_meter += gn
        self.frozen += v
        self.hist += [v]
        self.hist += self.marker
        return loss, self.meters["loss"].mean, self.norm_meter.count


tr = Trainer()
loss_meter = tr.meters["loss"]
first_norm = tr.norm_meter
first_frozen = tr.frozen
for step in range(30):
    if step == 16:
        tr.marker = Items("i", step)
    before = tr.hist
    i = (step * 8) % 56
    loss, mean, ncount = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(mean), ncount, tr.meters["loss"] is loss_meter, tr.norm_meter is first_norm,
          first_norm.count, tr.frozen is first_frozen, repr(tr.frozen.total), tr.frozen.count,
          tr.hist is before, len(before), [repr(h) if isinstance(h, float) else h for h in tr.hist[-3:]])
    if len(tr.hist) > 6:
        del tr.hist[:3]

print(json.dumps({"loss_meter": [repr(loss_meter.total), loss_meter.count],
                  "norm": [repr(tr.norm_meter.total), tr.norm_meter.count],
                  "frozen": [repr(tr.frozen.total), tr.frozen.count],
                  "hist": [repr(h) if isinstance(h, float) else h for h in tr.hist],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
