"""Globals counted on the arms of nested `if`s on a tensor score, with early `return`s
from inside nested arms and plain Python `for` loops over small ranges inside arms that
`break` (on a comparison with a global the arm just incremented, so decided per call)
and `continue` (on a constant).  A streak counter is reset on one nested arm and
returned through a different `return` statement per path (code 0, 1, 2).  Scores
cross both thresholds within the first calls and later.  Probes: early returns and
Python loops with break/continue inside arms on tensors, int globals carried."""
import random

import numpy

random.seed(392)
numpy.random.seed(392)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(392)
rng = np.random.default_rng(392)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)
BIAS = [1.5, 0.0, 0.7, 1.5, 0.7, 0.7, 0.7, 0.0, 1.5, 1.5, 0.7, 0.0, 0.7, 0.7, 0.7,
        0.7, 1.5, 0.0, 0.0, 1.5, 0.7, 0.7, 1.5, 0.7, 0.0, 0.7, 0.7, 0.7, 0.7, 1.5]

N_HI = 0
N_LO = 0
STREAK = 0
SKIPPED = 0


def train_step(x, y, b):
    global N_HI, N_LO, STREAK, SKIPPED
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    s = tf.minimum(loss, 0.2) + b
    if s > 0.5:
        N_HI += 1
        STREAK += 1
        if s > 1.0:
            for j in range(4):
                if j == 2:
                    break
                if j == 0:
                    continue
                STREAK += j
            return loss, 2, STREAK
        if STREAK > 3:
            STREAK = 0
            return loss, 1, STREAK
    else:
        N_LO += 1
        STREAK = 0
        for j in range(3):
            if j == 1:
                continue
            SKIPPED += j
    return loss, 0, STREAK


for step in range(len(BIAS)):
    i = (step * 8) % 56
    loss, code, streak = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                    tf.constant(BIAS[step]))
    print(step, repr(float(loss)), code, type(code).__name__, streak, N_HI, N_LO, STREAK,
          SKIPPED)

print("W", W.numpy().ravel().tolist())
print("globals", N_HI, N_LO, STREAK, SKIPPED, type(STREAK).__name__)
