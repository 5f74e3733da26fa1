"""Warm-up split of the model's variables inside the step: one iterator `it =
iter(VARS_ORDER)` is shared by itertools.takewhile (the "warm" variables while a logged
predicate says their layer index < CUT) and a later `for` over the rest; CPython's
takewhile consumes -- and loses -- the first item that fails the predicate, so that
variable gets no update at all.  dropwhile with a logged predicate (called only until it
first fails) picks the variables for an extra penalty, and itertools.pairwise over
MODEL.layers adds a smoothness penalty between neighbouring layers' kernel norms.  CUT
is edited between steps (7, 15, 22) and the order list reversed at step 27.  Probes:
takewhile's lost item and the exact number of predicate calls (side effects) inside a
converted step."""
import random

import numpy

random.seed(4713)
numpy.random.seed(4713)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4713)
rng = np.random.default_rng(4713)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 3:4]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
VARS_ORDER = list(range(8))
CUT = [2]
CALLS = []


def warm(i):
    CALLS.append(("t", i))
    return i // 2 < CUT[0]


def small(i):
    CALLS.append(("d", i))
    return i < 3


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        smooth = tf.constant(0.0)
        for a, b in itertools.pairwise(MODEL.layers):
            smooth = smooth + tf.square(tf.norm(a.kernel) - tf.norm(b.kernel))
        pen_ids = list(itertools.dropwhile(small, VARS_ORDER))
        pen = tf.add_n([tf.reduce_sum(tf.square(MODEL.trainable_variables[j]))
                        for j in pen_ids]) if pen_ids else tf.constant(0.0)
        total = loss + 1e-3 * smooth + 1e-4 * pen
    variables = MODEL.trainable_variables
    grads = tape.gradient(total, variables)
    it = iter(VARS_ORDER)
    warm_ids = list(itertools.takewhile(warm, it))
    rest_ids = [j for j in it]
    pairs = [(grads[j], variables[j]) for j in warm_ids]
    pairs += [(grads[j] * 0.1, variables[j]) for j in rest_ids]
    OPT.apply_gradients(pairs)
    print("  warm", warm_ids, "rest", rest_ids, "pen", pen_ids, "calls", len(CALLS))
    return loss, smooth


for step in range(32):
    if step == 7:
        CUT[0] = 3
    if step == 15:
        CUT[0] = 0
    if step == 22:
        CUT[0] = 9
    if step == 27:
        VARS_ORDER.reverse()
        CUT[0] = 2
    i = (step * 8) % 80
    loss, smooth = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(smooth)))

print(json.dumps({
    "calls_tail": [list(c) for c in CALLS[-8:]],
    "n_calls": len(CALLS),
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
}))
