"""The arms of an `if` on a tensor write equal-valued numbers of different types: one arm
`T.flag = True; T.k = False; T.n = 1`, the other `T.flag = 1; T.k = 0; T.n = True`, and
a nested arm `T.flag = ON` (a global bool).  After the branch the step computes
`T.flag + T.n` and `repr(T.k)`-dependent arithmetic, and returns `T.flag`.  The loop
prints repr and type name of each and `T.flag is True`.  Both arms run early and later.
Probes: bool versus int values with equal numbers merged out of the arms of a branch on
a tensor."""
import random

import numpy

random.seed(3943)
numpy.random.seed(3943)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3943)
rng = np.random.default_rng(3943)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
ON = True
OFF = [0.0, 1.0, 1.5, 0.0, 0.0, 1.0, 0.0, 1.5, 1.0, 1.0, 0.0, 0.0, 1.5, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.5, 0.0, 1.0, 0.0, 1.0, 1.5, 0.0, 0.0, 1.0]


class T:
    flag = None
    k = None
    n = None


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    s = tf.reduce_mean(y) + off
    if s > 0.5:
        T.flag = True
        T.k = False
        T.n = 1
        if s > 1.2:
            T.flag = ON
    else:
        T.flag = 1
        T.k = 0
        T.n = True
    total = T.flag + T.n
    return loss, T.flag, total


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, flag, total = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                   tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(T.flag), type(T.flag).__name__, repr(T.k),
          type(T.k).__name__, repr(T.n), type(T.n).__name__, T.flag is True, repr(flag),
          type(flag).__name__, repr(total), type(total).__name__)

print("W", W.numpy().ravel().tolist())
