"""A tracker object's attributes are written on both arms and on a nested arm of an
`if` on a tensor score, with values of different Python types per arm: `flag` is True
on one arm and the int 0 on the other, `level` an int or a float, `note` a str written on
the nested arm and deleted (`del`) on the other arm when present, `hits` bumped by a
helper method called in each arm that returns the new count, which the arm reads back
and stores into `last` (so an arm reads its own earlier write).  After the branch the
step reads them again (`flag is True`, `level * 2`, type names).  The score pattern makes
both arms and the nested arm run within the first four calls and later.  Probes: merge
of writes of different Python types, a `del` in one arm, helper writes read back."""
import random

import numpy

random.seed(391)
numpy.random.seed(391)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(391)
rng = np.random.default_rng(391)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)
BIAS = [0.0, 0.9, 0.5, 0.9, 0.0, 0.5, 0.9, 0.0, 0.0, 0.5, 0.9, 0.9, 0.5, 0.0, 0.9,
        0.5, 0.0, 0.9, 0.0, 0.5, 0.5, 0.9, 0.0, 0.9, 0.5, 0.0, 0.9, 0.5]


class Tracker:
    def __init__(self):
        self.flag = False
        self.level = 0
        self.note = "init"
        self.hits = 0
        self.last = -1

    def bump(self, by):
        self.hits += by
        return self.hits


T = Tracker()


def train_step(x, y, b):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    score = tf.minimum(loss, 0.25) + b
    if score > 0.6:
        T.flag = True
        T.level = 1
        if score > 1.0:
            T.level = 2.5
            T.note = "high"
        k = T.bump(2)
        T.last = k * 10
    else:
        T.flag = 0
        T.level = T.level + 1
        if hasattr(T, "note"):
            del T.note
        k = T.bump(1)
        T.last = k
    twice = T.level * 2
    return loss, k, twice, T.flag is True


for step in range(len(BIAS)):
    i = (step * 8) % 56
    loss, k, twice, is_true = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                         tf.constant(BIAS[step]))
    print(step, repr(float(loss)), k, type(k).__name__, repr(twice), type(twice).__name__,
          is_true, repr(T.flag), type(T.flag).__name__, repr(T.level),
          getattr(T, "note", "<deleted>"), T.hits, T.last)

print("W", W.numpy().ravel().tolist())
print("T", sorted(vars(T).items()))
print("iters", int(OPT.iterations))
