"""The step makes a record object (a plain class with `__slots__`-less attributes) before
an `if` on a tensor, sets its fields differently on the two arms and on a nested arm
(`rec.kind`, `rec.weight`, `rec.flag`), then appends it to a global history list
after the branch and also keeps it as `T.last`.  The loop checks `T.last is HIST[-1]`,
prints the fields of the last record and of the one two calls back (which must not
change), and the types of the fields.  Probes: objects made in the step whose fields
are written on arms of a branch on a tensor and which then escape to the heap."""
import random

import numpy

random.seed(3929)
numpy.random.seed(3929)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3929)
rng = np.random.default_rng(3929)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
OFF = [0.0, 1.0, 1.5, 0.0, 1.5, 1.0, 0.0, 1.0, 1.5, 1.0, 0.0, 0.0, 1.5, 0.0, 1.0,
       0.0, 1.5, 1.0, 1.0, 0.0, 0.0, 1.5, 0.0, 1.0, 1.5, 0.0, 0.0, 1.0]
HIST = []


class Rec:
    def __init__(self, loss):
        self.loss = loss
        self.kind = 0
        self.weight = 1.0
        self.flag = False


class T:
    last = None


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    rec = Rec(float(loss))
    s = tf.minimum(loss, 0.3) + off
    if s > 0.6:
        rec.kind = 1
        rec.weight = rec.weight * 2.0
        if s > 1.4:
            rec.kind = 2
            rec.flag = True
    else:
        rec.weight = 0.25
    HIST.append(rec)
    T.last = rec
    return loss


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(OFF[step]))
    r = HIST[-1]
    old = HIST[-3] if len(HIST) >= 3 else None
    print(step, repr(float(loss)), T.last is r, repr(r.loss), r.kind, repr(r.weight), r.flag,
          type(r.kind).__name__, type(r.weight).__name__, type(r.flag).__name__,
          None if old is None else (old.kind, old.weight, old.flag), len({id(h) for h in HIST}))

print("W", W.numpy().ravel().tolist())
print("hist", [(h.kind, h.weight, h.flag) for h in HIST])
