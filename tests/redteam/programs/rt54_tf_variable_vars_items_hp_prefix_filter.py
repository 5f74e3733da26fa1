"""A two-layer raw-TF model whose per-variable hyper-parameters are hung on the
tf.Variable objects as attributes with an "hp_" prefix (v.hp_lr_mult, v.hp_decay, ...).
The step collects them with a dict comprehension over vars(v).items() filtered on
k.startswith("hp_") (the variable's instance dict also holds TF's own private entries),
and applies lr_mult/decay/clip from what it found.  The loop adds, changes and deletes
such attributes on individual variables mid-run.
Probes: vars() of tf.Variable objects iterated in the step: the program's attributes
among TF's own entries in the variable's __dict__, added, changed and deleted between
calls."""
import random

import numpy

random.seed(5419)
numpy.random.seed(5419)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5419)
rng = np.random.default_rng(5419)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (np.sin(XS @ rng.normal(size=(5, 1)))).astype(np.float32)

W1 = tf.Variable(tf.random.normal((5, 6), seed=31) * 0.4, name="w1")
B1 = tf.Variable(tf.zeros((6,)), name="b1")
W2 = tf.Variable(tf.random.normal((6, 1), seed=32) * 0.4, name="w2")
VARS = [W1, B1, W2]
W1.hp_lr_mult = 1.0
W2.hp_lr_mult = 0.5
LR = 0.1


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(tf.matmul(x, W1) + B1)
        loss = tf.reduce_mean(tf.square(tf.matmul(h, W2) - y))
    grads = tape.gradient(loss, VARS)
    seen = []
    for v, g in zip(VARS, grads):
        hp = {k[3:]: val for k, val in vars(v).items() if k.startswith("hp_")}
        seen.append(sorted(hp.items()))
        if "clip" in hp:
            g = tf.clip_by_value(g, -hp["clip"], hp["clip"])
        if "decay" in hp:
            g = g + hp["decay"] * v
        v.assign_sub(LR * hp.get("lr_mult", 1.0) * g)
    return loss, seen


for step in range(36):
    if step == 6:
        B1.hp_lr_mult = 2.0
    if step == 11:
        W1.hp_decay = 0.05
    if step == 16:
        W2.hp_clip = 0.01
        W1.hp_lr_mult = 0.25
    if step == 21:
        del W1.hp_decay
    if step == 26:
        del B1.hp_lr_mult
        B1.hp_clip = 0.001
    if step == 31:
        W2.hp_clip = 1.0
    i = (step * 8) % 80
    try:
        loss, seen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), seen)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({v.name: [repr(float(a)) for a in v.numpy().ravel()[:6]] for v in VARS}))
