"""Two consumers of one lazily produced gradient stream: the step makes a generator that
prints and logs each (gradient, variable) pair it yields, splits it with
`a, b = itertools.tee(gen, 2)`, and interleaves them -- `a` drives the update (the
generator runs only as far as `a` asks), `b` lags behind and is advanced only for the
first LAG items to compute a norm report, so the tee buffer holds the gap.  The lagging
tee `b` escapes onto a holder object; after the step the loop drains it (printing the
remaining variable paths) -- its items must come from the buffer, without the generator
re-running.  `copy.copy(a)` (a tee's own copy) is taken before the update loop and
counted after.  LAG is edited between steps (7, 16, 23).  Probes: tee buffering order
and an escaped tee object made inside a converted step."""
import random

import numpy

random.seed(4727)
numpy.random.seed(4727)

import copy
import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4727)
rng = np.random.default_rng(4727)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (np.cos(XS[:, :1]) - XS[:, 3:4]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
LAG = [2]
PRODUCED = []


class Holder:
    lagging = None


HOLD = Holder()


def stream(grads, variables):
    for j, (g, v) in enumerate(zip(grads, variables)):
        print("    produce", j)
        PRODUCED.append(j)
        yield g, v


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    a, b = itertools.tee(stream(grads, MODEL.trainable_variables), 2)
    c = copy.copy(a)
    report = []
    n = 0
    for g, v in a:
        OPT.apply_gradients([(g, v)])
        n += 1
        if n <= LAG[0]:
            gb, vb = next(b)
            report.append(float(tf.norm(gb)))
            print("    lag", vb.path)
    HOLD.lagging = b
    n_copy = sum(1 for _ in c)
    print("  ", type(a).__name__, n, n_copy, [repr(r) for r in report])
    return loss


for step in range(30):
    if step == 7:
        LAG[0] = 0
    if step == 16:
        LAG[0] = 5
    if step == 23:
        LAG[0] = 6
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    rest = [v.path for _, v in HOLD.lagging]
    print(step, repr(float(loss)), rest, len(PRODUCED))

print(json.dumps({
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "produced": len(PRODUCED),
}))
