"""Gradient scaling through itertools.starmap over
itertools.zip_longest(grads, SCALES, fillvalue=FILL): SCALES is a global list of
per-variable Python floats shorter than the variable list, so the tail takes the
module-level FILL, which the loop rebinds (1.0 -> 0.5 at step 9 -> the int 0 at step 21,
i.e. freezing the tail).  The scaling function is a module-level `scale_fn` global that
the loop rebinds too (operator.mul -> a logging function at step 14 that appends every
call to a list).  A second starmap(pow, ...) over Python pairs gives per-layer exponents
printed with repr.  SCALES grows at step 17.  Probes: zip_longest's fillvalue read at
construction, starmap calling a rebound global, Python number vs tensor items."""
import random

import numpy

random.seed(4715)
numpy.random.seed(4715)

import itertools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4715)
rng = np.random.default_rng(4715)
XS = rng.normal(size=(84, 6)).astype(np.float32)
YS = (XS[:, ::2].sum(axis=1, keepdims=True) - XS[:, 1:2] * 0.5).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(10, activation="tanh"),
    keras.layers.Dense(4, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
SCALES = [1.0, 1.0, 0.8]
FILL = 1.0
CALLED = []


def logged_mul(g, s):
    CALLED.append(repr(s))
    return g * s


scale_fn = operator.mul


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    variables = MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    pairs = itertools.zip_longest(grads, SCALES, fillvalue=FILL)
    scaled = list(itertools.starmap(scale_fn, pairs))
    OPT.apply_gradients(zip(scaled, variables))
    exps = list(itertools.starmap(pow, [(s, 2) for s in SCALES] + [(FILL, 3)]))
    print("  exps", [repr(e) for e in exps], type(pairs).__name__)
    return loss


for step in range(30):
    if step == 9:
        FILL = 0.5
    if step == 14:
        scale_fn = logged_mul
    if step == 17:
        SCALES.extend([0.6, 0.4])
    if step == 21:
        FILL = 0
    i = (step * 8) % 80
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(MODEL.layers[2].bias.numpy()[0])), len(CALLED))

print(json.dumps({
    "called_tail": CALLED[-6:],
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
}))
