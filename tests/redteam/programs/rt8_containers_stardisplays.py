"""Star-unpacking and ** merges in train_step over globals the loop mutates in place.

The step builds `hp = {**BASE, **OVERRIDE}`, `scales = [*PREFIX, 1.0, *PREFIX[:1]]`,
calls `combine(*scales, **hp)`, makes a tuple display `(*EXTRA_TERMS, "end")` and a set
display, sums a generator expression over EXTRA_TERMS and prints `*EXTRA_TERMS`.
  step 11: OVERRIDE["l2"] = 0.01         (dict item added: the l2 term starts)
  step 14: PREFIX.insert(0, 2.0)         (the product of scales doubles)
  step 19: EXTRA_TERMS.append("l1")      (a new loss term)
  step 23: OVERRIDE.update(lr=0.02, momentum=0.9)  (an extra **kwarg lands in **rest)
  step 27: PREFIX.clear()                (no scales at all: product 1.0)
  step 31: EXTRA_TERMS.extend(["l1", "maxabs"])  (a repeated term counts twice)
  step 34: OVERRIDE.clear()
A converter that takes the starred/merged containers natively at build time (frozen)
keeps the old lr, l2, scales and terms: the printed hp/scales, losses and weights differ.
"""
import math
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(813)

BASE = {"lr": 0.05, "l2": 0.0}
OVERRIDE = {}
PREFIX = [0.5]
EXTRA_TERMS = []
AUX = {
    "l1": lambda ws: 0.01 * sum(tf.reduce_sum(tf.abs(w)) for w in ws),
    "maxabs": lambda ws: 0.05 * max(tf.reduce_max(tf.abs(w)) for w in ws),
}

rng = np.random.default_rng(813)
XS = rng.normal(size=(60, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.5 * XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)


def combine(*scales, lr, l2, **rest):
    return lr * math.prod(scales), l2, sorted(rest.items())


def train_step(x, y):
    hp = {**BASE, **OVERRIDE}
    scales = [*PREFIX, 1.0, *PREFIX[:1]]
    eff_lr, l2, extras = combine(*scales, **hp)
    ws = (W1, W2)
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W1) @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
        loss = loss + l2 * sum(tf.reduce_sum(w * w) for w in ws)
        loss = loss + sum(AUX[name](ws) for name in EXTRA_TERMS)
    grads = tape.gradient(loss, list(ws))
    for v, g in zip(ws, grads):
        v.assign_sub(eff_lr * g)
    tags = (*EXTRA_TERMS, "end")
    uniq = {*EXTRA_TERMS, *OVERRIDE}
    print("  hp", hp, "scales", scales, "eff_lr", repr(eff_lr), "extras", extras)
    print("  terms", *EXTRA_TERMS, len(tags), sorted(uniq), sep=" ")
    return loss, hp


for step in range(36):
    if step == 11:
        OVERRIDE["l2"] = 0.01
    if step == 14:
        PREFIX.insert(0, 2.0)
    if step == 19:
        EXTRA_TERMS.append("l1")
    if step == 23:
        OVERRIDE.update(lr=0.02, momentum=0.9)
    if step == 27:
        PREFIX.clear()
    if step == 31:
        EXTRA_TERMS.extend(["l1", "maxabs"])
    if step == 34:
        OVERRIDE.clear()
    i = (step * 12) % 48
    loss, hp = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), hp is BASE, hp is OVERRIDE, len(hp))

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("state", BASE, OVERRIDE, PREFIX, EXTRA_TERMS)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
