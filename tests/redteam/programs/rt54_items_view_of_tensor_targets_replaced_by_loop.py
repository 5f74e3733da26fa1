"""Self-distillation with two heads: the loop computes fresh teacher targets each step (from
an EMA copy of the student it updates itself) and stores them as tensors in the dict
TARGETS; the step reads them only through an items view made once at module level
(TV = TARGETS.items()), iterating it to add one distillation term per head, and through
next(iter(TVALS)) of a values view.  One target is replaced every step, the other every
third step; mid-run a third head's target is added and later removed.
Probes: tensors held as dict values read through a view kept across calls: they must be
read at each call (the view's dict changes its values to new tensor objects), never baked
into a graph."""
import random

import numpy

random.seed(5412)
numpy.random.seed(5412)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5412)
rng = np.random.default_rng(5412)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)

W = {"a": tf.Variable(tf.random.normal((4, 1), seed=21) * 0.3),
     "b": tf.Variable(tf.random.normal((4, 1), seed=22) * 0.3),
     "c": tf.Variable(tf.random.normal((4, 1), seed=23) * 0.3)}
EMA = {k: tf.Variable(v) for k, v in W.items()}
TARGETS = {}
TV = TARGETS.items()
TVALS = TARGETS.values()
LR = 0.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W["a"]) - y))
        names = []
        for name, t in TV:
            loss = loss + 0.5 * tf.reduce_mean(tf.square(tf.matmul(x, W[name]) - t))
            names.append(name)
        first = next(iter(TVALS))
        loss = loss + 0.01 * tf.reduce_mean(first)
    vs = [W[k] for k in sorted(W)]
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        if g is not None:
            v.assign_sub(LR * g)
    return loss, names


for step in range(36):
    i = (step * 8) % 80
    x = tf.constant(XS[i:i + 8])
    for k in W:
        EMA[k].assign(0.9 * EMA[k] + 0.1 * W[k])
    TARGETS["a"] = tf.matmul(x, EMA["a"])
    if step % 3 == 0:
        TARGETS["b"] = tf.matmul(x, EMA["b"]) * 0.5
    if step == 14:
        TARGETS["c"] = tf.matmul(x, EMA["c"])
    if step == 26:
        del TARGETS["c"]
    try:
        loss, names = train_step(x, tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), names, repr(float(tf.reduce_sum(TARGETS["b"]))))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({k: [repr(float(a)) for a in v.numpy().ravel()] for k, v in W.items()}))
