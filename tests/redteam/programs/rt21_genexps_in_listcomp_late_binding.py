"""Generator expressions made in a list comprehension share ONE cell for its variable.

`gens = [(v * w for v in row) for row, w in zip(ROWS, WS)]`: each generator gets its
own `row` (a genexp's first iterable is evaluated when it is made) but they all close
over the comprehension's single cell `w` (PEP 709 keeps the late binding), and none of
them runs before the list is built, so every generator multiplies by the LAST weight.
The step takes one item of the first generator with next(), sums the rest of each,
and also computes `sum(w * sum(v * w for v in row) for row, w in zip(ROWS, WS))`, a
nested genexp whose inner generator closes over the outer generator's own cell `w`
(which it reads while the outer one is suspended at that item).  The contract says
generators with cells of their own (nested generator expressions) convert; a
conversion that binds w per generator when each is made (early binding) gives other
sums.  Mid-run ROWS' inner lists and WS are edited in place (steps 12, 22, 30).
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2122)
random.seed(2122)
np.random.seed(2122)
rng = np.random.default_rng(2122)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)

ROWS = [[0.5, 1.0], [2.0, -1.0, 0.25]]
WS = [1.0, 3.0]


def train_step(x, y):
    gens = [(v * w for v in row) for row, w in zip(ROWS, WS)]
    first = next(gens[0])
    rest = [sum(g) for g in gens]
    nested = sum(w * sum(v * w for v in row) for row, w in zip(ROWS, WS))
    factor = 1.0 + 0.05 * (first + sum(rest)) + 0.01 * nested
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * factor
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, first, rest, nested


for step in range(40):
    if step == 12:
        WS[1] = 0.5
    if step == 22:
        ROWS[0].append(4.0)
        ROWS[1][0] = 1.0
    if step == 30:
        WS[0] = 2.0
        WS[1] = 2.0
    i = (step * 8) % 88
    loss, first, rest, nested = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(first), repr(rest), repr(nested))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
