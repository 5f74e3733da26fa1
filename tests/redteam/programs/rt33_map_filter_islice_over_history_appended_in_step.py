"""The step appends the batch loss to a Python history list and then, in the same call,
summarises the history with C-level iterator helpers that are not enumerate/zip/
reversed: a slice of the last three, abs, filter(...),
itertools.pairwise differences and functools.reduce(operator.add, ...).  The summary
feeds a smoothing coefficient into the loss and is printed.  Probes: builtins and
itertools iterating the program's list as the call changed it."""
import random
import numpy
random.seed(18)
numpy.random.seed(18)
import functools
import itertools
import operator
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3318)
rng = np.random.default_rng(3318)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.8 + XS[:, 3:4]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HIST = [1.0, 0.5]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    HIST.append(float(loss))
    n = len(HIST)
    last3 = HIST[n - 3:]
    mags = [abs(v) for v in last3]
    big = list(filter(lambda v: v > 0.3, HIST))
    diffs = [b - a for a, b in itertools.pairwise(last3)]
    total = functools.reduce(operator.add, last3)
    coef = 1.0 / (1.0 + total)
    g = tape.gradient(loss, [W])
    OPT.apply_gradients([(g[0] * coef, W)])
    return loss, last3, mags, len(big), diffs, total


for step in range(30):
    i = (step * 8) % 56
    loss, last3, mags, nbig, diffs, total = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), last3, mags == last3, nbig, [round(d, 4) for d in diffs], round(total, 4))

print("hist", len(HIST), HIST[-4:])
print("W", [float(v).hex() for v in W.numpy().ravel()])
