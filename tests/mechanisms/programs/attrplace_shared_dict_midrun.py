"""Two trackers that share one instance __dict__ for part of the run: from step 8 the
loop sets `b.__dict__ = a.__dict__`, at step 16 it gives b a copy of its own, at step
22 shares them again.  The step writes `a.count` and `a.total` and then reads
`b.count` and `b.total` (the same entries while the dict is shared), and deletes
`b.note` where `a` set it."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(62)
rng = np.random.default_rng(62)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)


class Tracker:
    def __init__(self, count):
        self.count = count
        self.total = 0.0
        self.note = "none"


a = Tracker(0)
b = Tracker(100)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    a.count = a.count + 1
    a.total = a.total + 0.5
    a.note = "set"
    seen = b.count
    total = b.total
    del b.note
    g = tape.gradient(loss, W) / (1.0 + 0.01 * seen)
    opt.apply_gradients([(g, W)])
    return loss, seen, total, hasattr(a, "note")


for step in range(30):
    if step == 8 or step == 22:
        b.__dict__ = a.__dict__
    if step == 16:
        b.__dict__ = dict(a.__dict__)
    if not hasattr(b, "note"):
        b.note = "loop"
    b.count += 3
    i = (step * 4) % 44
    loss, seen, total, has_note = train_step(tf.constant(XS[i:i + 4]),
                                             tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), seen, repr(total), has_note, a.count)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "a": sorted(vars(a).items()), "b": sorted(vars(b).items()),
                  "shared": vars(a) is vars(b)}))
