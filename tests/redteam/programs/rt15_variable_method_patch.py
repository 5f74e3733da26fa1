"""Probe: the program replaces tf.Variable methods on TF's class mid-run.

A raw-TF step updates its weights with `w.assign_sub(lr * g)` and keeps a running
loss sum with `TOTAL.assign_add(loss)`. At step 9 the program patches
`ResourceVariable.assign_sub` (TF's class) with a wrapper that records the
variable's name in a Python list and applies a decoupled weight decay before calling the
original; at step 17 it patches `assign_add` with one that clips the increment to 0.05;
at step 26 it restores both. Eager calls the patched methods at every call; a graph
that maps `v.assign_sub(...)` to an AssignSubVariableOp without looking the method up
on the variable's (library) class, or that does not guard the class attribute, keeps
the old update, and the recorded names are missing. Mechanism: library class methods
of tf.Variable replaced by the program (not a module function, not a Keras class)."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf
from tensorflow.python.ops import resource_variable_ops as rvo

keras.utils.set_random_seed(1518)
rng = np.random.default_rng(1518)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1)))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4, name="w1")
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="w2")
TOTAL = tf.Variable(0.0, name="total")
LR = 0.1

BASE = rvo.ResourceVariable
ORIG_SUB = BASE.assign_sub
ORIG_ADD = BASE.assign_add
TOUCHED = []


def decayed_sub(self, delta, use_locking=None, name=None, read_value=True):
    TOUCHED.append(self.name.split(":")[0])
    ORIG_SUB(self, 0.01 * self.read_value(), use_locking, name, read_value=False)
    return ORIG_SUB(self, delta, use_locking, name, read_value)


def clipped_add(self, delta, use_locking=None, name=None, read_value=True):
    return ORIG_ADD(self, tf.minimum(delta, 0.05), use_locking, name, read_value)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * 4.0
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(LR * g1)
    W2.assign_sub(LR * g2)
    TOTAL.assign_add(loss)
    return loss


for step in range(32):
    if step == 9:
        BASE.assign_sub = decayed_sub
    if step == 17:
        BASE.assign_add = clipped_add
    if step == 26:
        BASE.assign_sub = ORIG_SUB
        BASE.assign_add = ORIG_ADD
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), "total", round(float(TOTAL.numpy()), 5), "touched", len(TOUCHED))

print(json.dumps({"touched_tail": TOUCHED[-4:], "touched": len(TOUCHED),
                  "total": round(float(TOTAL.numpy()), 6),
                  "W2": [round(float(v), 6) for v in W2.numpy().ravel()]}))
