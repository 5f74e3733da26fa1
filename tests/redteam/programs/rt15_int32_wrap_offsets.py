"""Probe: a Python int the step computes, crossing 2**31 mid-run, handed to TF ops next
to int32 tensors.

Hashed-feature training: each step computes `offset = BASE + n * STRIDE` (a Python int
from the step's argument) and buckets int32 ids with (a) `ids + offset` (eager converts
the Python int to the int32 dtype the op asks for, and silently wraps once offset
passes 2**31-1), and (b) `ids + tf.constant(offset)`, where tf.constant gives int32
below 2**31 and int64 above, so eager raises InvalidArgumentError ("expected to be a
int32 tensor but is a int64 tensor"), which the step catches, counts and recovers from
by casting. A traced graph raises a TypeError at trace time instead, and a graph that
carries `offset` as an int64 input computes other buckets or fails elsewhere. The
offset crosses 2**31 at step 15. Mechanism: Python-int-to-tensor conversion (dtype
from value, wrapping) of a number the graph carries, and the exception class eager
raises for it."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1539)
rng = np.random.default_rng(1539)
IDS = rng.integers(0, 10000, size=(64, 3)).astype(np.int32)
YS = ((IDS.sum(axis=1) % 3) == 0).astype(np.float32).reshape(-1, 1)
NB = 97
EMB = tf.Variable(rng.normal(size=(NB, 4)).astype(np.float32) * 0.1)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.02)
STRIDE = 1000003
BASE = 2**31 - 15 * STRIDE
CAUGHT = []


def train_step(ids, y, n):
    offset = BASE + n * STRIDE
    a = tf.math.floormod(ids + offset, NB)
    try:
        b = tf.math.floormod(ids + tf.constant(offset), NB)
        how = "int32"
    except tf.errors.InvalidArgumentError as e:
        CAUGHT.append(n)
        b = tf.cast(tf.math.floormod(tf.cast(ids, tf.int64) + offset, NB), tf.int32)
        how = "recovered " + type(e).__name__
    with tf.GradientTape() as tape:
        ea = tf.reduce_mean(tf.gather(EMB, a), axis=1)
        eb = tf.reduce_mean(tf.gather(EMB, b), axis=1)
        logits = (ea + eb) @ W
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(y, logits))
    grads = tape.gradient(loss, [EMB, W])
    OPT.apply_gradients(zip(grads, [EMB, W]))
    return loss, offset, int(a[0, 0]), int(b[0, 0]), how


for step in range(30):
    i = (step * 8) % 56
    loss, off, a0, b0, how = train_step(tf.constant(IDS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)), off, off >= 2**31, a0, b0, how)

print(json.dumps({"caught": CAUGHT, "W": [round(float(v), 6) for v in W.numpy().ravel()],
                  "emb0": [round(float(v), 6) for v in EMB.numpy()[0]]}))
