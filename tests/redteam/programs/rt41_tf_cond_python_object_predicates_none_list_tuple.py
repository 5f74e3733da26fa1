"""A step whose tf.cond predicate comes from Python configuration that is not always a
bool: a `mask` attribute that is sometimes None, sometimes an empty list, a one-item
list, a two-item tuple or a non-empty dict.  Eager tf.cond first converts the
predicate to a tensor: None and dicts raise ValueError (unsupported type), [] and a
two-item tuple raise ValueError (numpy's ambiguous truth value), [True] is a
shape-(1,) tensor that picks the true branch.  Plain Python truth would answer
otherwise for all but [True].  The step catches ValueError, counts it and records the
message prefix.  Probes: Python-object tf.cond predicates, converted as eager converts
them."""
import random

import numpy

random.seed(22)
numpy.random.seed(22)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4115)
rng = np.random.default_rng(4115)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 0.9).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Cfg:
    mask = True


CFG = Cfg()
CHOICES = [True, None, [], [True], (True, False), {"on": 1}, False, [False]]


class Stats:
    errors = 0
    last = "-"


ST = Stats()


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        try:
            loss = tf.cond(CFG.mask, lambda: mse * 2.0, lambda: mse + 0.5)
        except ValueError as e:
            ST.errors += 1
            ST.last = str(e)[:24]
            loss = mse
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(40):
    CFG.mask = CHOICES[(step // 4) % len(CHOICES)]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(CFG.mask), repr(float(loss)), ST.errors, ST.last)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
