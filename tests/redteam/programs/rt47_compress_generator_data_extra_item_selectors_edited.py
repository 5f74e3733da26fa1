"""Selective update masks: the step builds its (gradient, variable) pairs lazily with a
generator function that prints and logs each pair it yields, and filters them with
itertools.compress(pairs_gen(), MASK) where MASK is a global list of 0/1 flags the loop
edits.  When MASK is shorter than the number of variables (from step 10), CPython's
compress has already pulled one more pair from the generator (it asks the data before
the selectors), so one extra "yield" line is printed that nothing uses; `next(gen)`
afterwards continues after it.  The mask is edited at steps 5, 10, 17 and 24 (once
becoming all zeros so nothing is applied that step), and the loop also counts
`type(sel).__name__`.  Probes: compress's consumption order with a side-effecting
generator made inside a converted step."""
import random

import numpy

random.seed(4714)
numpy.random.seed(4714)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4714)
rng = np.random.default_rng(4714)
XS = rng.normal(size=(72, 3)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 1:2] + XS[:, 2:3] ** 2).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((3,)),
    keras.layers.Dense(7, activation="relu"),
    keras.layers.Dense(5, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)
OPT.build(MODEL.trainable_variables)
MASK = [1, 1, 1, 1, 1, 1]
YIELDED = []


def pairs_gen(grads, variables):
    for j, (g, v) in enumerate(zip(grads, variables)):
        print("    yield", j)
        YIELDED.append(j)
        yield g, v


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    variables = MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    gen = pairs_gen(grads, variables)
    sel = itertools.compress(gen, MASK)
    chosen = list(sel)
    after = next(gen, None)
    if chosen:
        OPT.apply_gradients(chosen)
    print("  chosen", len(chosen), type(sel).__name__,
          None if after is None else after[1].path)
    return loss


for step in range(30):
    if step == 5:
        MASK[0] = 0
    if step == 10:
        del MASK[4:]
    if step == 17:
        MASK[:] = [0, 0]
    if step == 24:
        MASK[:] = [0, 1, 0, 1, 1]
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(YIELDED))

print(json.dumps({
    "yielded_tail": YIELDED[-8:],
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "b": [repr(float(v)) for v in MODEL.layers[1].bias.numpy().ravel()],
}))
