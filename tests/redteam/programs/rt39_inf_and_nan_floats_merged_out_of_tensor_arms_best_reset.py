"""Early-stopping state with an infinite sentinel: on one arm of an `if` on a tensor
(a "reset" signal: batch mean target plus a per-call offset) the step sets
`ES.best = INF` (a global `float("inf")`) and `ES.gap = NAN` (a global NaN), on the
other it sets `ES.best = float(loss) + 0.25` and `ES.gap = float(loss) - 0.5`.
After the branch it computes `ratio = float(loss) / ES.best` (0.0 after a reset) and
returns it.  The loop prints the stored values, `ES.best is INF`, `ES.gap is NAN`,
`math.isnan(ES.gap)` and the ratio.  Both arms run early and later.  Probes: inf and
NaN floats from the program's state merged out of the arms of a branch on a tensor."""
import math
import random

import numpy

random.seed(3938)
numpy.random.seed(3938)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3938)
rng = np.random.default_rng(3938)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
INF = float("inf")
NAN = float("nan")
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class ES:
    best = INF
    gap = NAN


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    if tf.reduce_mean(y) + off > 0.5:
        ES.best = INF
        ES.gap = NAN
    else:
        ES.best = float(loss) + 0.25
        ES.gap = float(loss) - 0.5
    ratio = float(loss) / ES.best
    return loss, ratio


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, ratio = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                             tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(ES.best), repr(ES.gap), ES.best is INF, ES.gap is NAN,
          math.isnan(ES.gap), repr(ratio))

print("W", W.numpy().ravel().tolist())
