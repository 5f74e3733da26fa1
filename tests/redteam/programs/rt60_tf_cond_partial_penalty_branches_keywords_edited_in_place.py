"""A raw-tf.Variable regression whose loss adds a weight penalty chosen per batch by
`tf.cond(batch_error > 1.2, HEAVY, LIGHT)`.  The branches are global
`functools.partial` objects of one program function `penalty(power, coef=...)`:
HEAVY = partial(penalty, 2, coef=0.05), LIGHT = partial(penalty, 1, coef=0.01).
Mid-run the loop edits the partials' keyword dicts in place
(`HEAVY.keywords["coef"] = 0.2` at step 9, `LIGHT.keywords["coef"] = 0.0` at step 17),
adds a keyword the function takes as a default (`HEAVY.keywords["shift"] = 0.3` at
step 23), and replaces a partial's whole state with `__setstate__` at step 29
(LIGHT becomes power 2).  Both branches are taken on different batches.
Probes: callables handed to `tf.cond` that are not plain functions (partials,
"other callables as branches ... still go to TF"): whether the values the partial
passes to the program's function are followed (guarded) or baked in."""
import random

import numpy

random.seed(6004)
numpy.random.seed(6004)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6004)
rng = np.random.default_rng(6004)
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)).astype(np.float32) * 0.5
      + rng.normal(size=(160, 1)).astype(np.float32) * np.repeat([0.1, 1.2], 80)[:, None]).astype(np.float32)
IDX = rng.permutation(160)
XS, YS = XS[IDX], YS[IDX]

W = tf.Variable(rng.normal(size=(6, 4)).astype(np.float32) * 0.3, name="w")
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3, name="v")
B = tf.Variable(tf.zeros((1,)), name="b")


def penalty(power, coef=0.01, shift=0.0):
    if power == 2:
        return coef * (tf.reduce_sum(tf.square(W)) + tf.reduce_sum(tf.square(V)) + shift)
    return coef * (tf.reduce_sum(tf.abs(W)) + tf.reduce_sum(tf.abs(V)) + shift)


HEAVY = functools.partial(penalty, 2, coef=0.05)
LIGHT = functools.partial(penalty, 1, coef=0.01)
LR = 0.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W)
        pred = h @ V + B
        err = tf.reduce_mean(tf.square(pred - y))
        pen = tf.cond(err > 1.2, HEAVY, LIGHT)
        loss = err + pen
    grads = tape.gradient(loss, [W, V, B])
    for var, g in zip([W, V, B], grads):
        var.assign_sub(LR * g)
    return loss, pen


for step in range(34):
    if step == 9:
        HEAVY.keywords["coef"] = 0.2
    if step == 17:
        LIGHT.keywords["coef"] = 0.0
    if step == 23:
        HEAVY.keywords["shift"] = 0.3
    if step == 29:
        LIGHT.__setstate__((penalty, (2,), {"coef": 0.03}, None))
    i = (step * 8) % 152
    loss, pen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(pen)), sorted(HEAVY.keywords.items()), LIGHT.args)

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()[:8]],
    "v": [repr(float(v)) for v in V.numpy().ravel()],
    "b": repr(float(B.numpy()[0])),
}))
