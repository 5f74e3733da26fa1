"""Magnitude pruning on a raw-TF two-layer net: each weight tf.Variable carries its pruning
mask as a Python attribute holding a tensor (W1.mask = tf.constant(...)).  Every few steps
the loop recomputes the mask from the current weights (keeping the largest fraction) and
replaces the attribute with a new tensor; the step multiplies the weights and the
gradient by v.mask when `v.mask is not None`.  Mid-run one variable's mask is set to None
(pruning switched off for it) and later given a mask again; another's mask attribute is
deleted and the step falls back with getattr(v, "mask", None).
Probes: tensors held in a tf.Variable's own attributes, replaced by new tensor objects
between calls, set to None and deleted: read at each call, never baked into a graph."""
import random

import numpy

random.seed(5425)
numpy.random.seed(5425)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5425)
rng = np.random.default_rng(5425)
XS = rng.normal(size=(88, 6)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(6, 1)))).astype(np.float32)

W1 = tf.Variable(tf.random.normal((6, 8), seed=41) * 0.5, name="w1")
W2 = tf.Variable(tf.random.normal((8, 1), seed=42) * 0.5, name="w2")
VARS = [W1, W2]
W1.mask = tf.ones_like(W1)
W2.mask = tf.ones_like(W2)
LR = 0.1


def prune_mask(v, keep):
    a = tf.abs(v)
    k = int(keep * int(tf.size(v)))
    thr = tf.sort(tf.reshape(a, [-1]), direction="DESCENDING")[k - 1]
    return tf.cast(a >= thr, tf.float32)


def train_step(x, y):
    with tf.GradientTape() as tape:
        w1 = W1 if W1.mask is None else W1 * W1.mask
        m2 = getattr(W2, "mask", None)
        w2 = W2 if m2 is None else W2 * m2
        loss = tf.reduce_mean(tf.square(tf.matmul(tf.nn.relu(tf.matmul(x, w1)), w2) - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        m = getattr(v, "mask", None)
        if m is not None:
            g = g * m
        v.assign_sub(LR * g)
    return loss


keep = 0.9
for step in range(38):
    if step % 5 == 4 and W1.mask is not None:
        keep = keep * 0.85
        W1.mask = prune_mask(W1, keep)
        if hasattr(W2, "mask"):
            W2.mask = prune_mask(W2, keep)
    if step == 17:
        W1.mask = None
    if step == 23:
        del W2.mask
    if step == 26:
        W1.mask = prune_mask(W1, 0.5)
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        n1 = None if W1.mask is None else int(tf.reduce_sum(W1.mask))
        n2 = int(tf.reduce_sum(W2.mask)) if hasattr(W2, "mask") else None
        print(step, repr(float(loss)), n1, n2)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({v.name: [repr(float(a)) for a in v.numpy().ravel()[:8]] for v in VARS}))
