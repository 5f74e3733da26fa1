"""Probe: the program monkeypatches tf.Tensor's operator dunders mid-run.

The step is written with plain operators on tensors (`x @ W`, `err * err`, `pred - y`,
`loss + reg`). At step 10 the program replaces `tf.Tensor.__mul__` with a wrapper that
counts its calls in a Python list and scales the product by 1.5 (eager's EagerTensor
inherits from tf.Tensor, so `err * err` now runs the wrapper); at step 18 it replaces
`tf.Tensor.__matmul__` with one that clips its result; at step 25 it restores both.
No module dict of TF changes, no object of the program changes: only the class dict of
tf.Tensor. A converted step that maps `*` and `@` on tensors straight to TF ops without
looking the dunder up on the tensor's class (and guarding it) keeps the old arithmetic
and the counter stays still. Mechanism: operator dispatch through a library class
whose dunders the program replaces."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1517)
rng = np.random.default_rng(1517)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.03)

ORIG_MUL = tf.Tensor.__mul__
ORIG_MATMUL = tf.Tensor.__matmul__
MUL_CALLS = []


def counting_mul(a, b):
    MUL_CALLS.append(1)
    return tf.multiply(ORIG_MUL(a, b), 1.5)


def clipped_matmul(a, b):
    return tf.clip_by_value(ORIG_MATMUL(a, b), -1.0, 1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        err = pred - y
        loss = tf.reduce_mean(err * err)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(32):
    if step == 10:
        tf.Tensor.__mul__ = counting_mul
    if step == 18:
        tf.Tensor.__matmul__ = clipped_matmul
    if step == 25:
        tf.Tensor.__mul__ = ORIG_MUL
        tf.Tensor.__matmul__ = ORIG_MATMUL
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), "mul calls", len(MUL_CALLS))

print(json.dumps({"mul_calls": len(MUL_CALLS),
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
