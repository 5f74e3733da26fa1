"""A replay-style step: after the optimizer update it bumps a step-position variable and
computes the ring-buffer slot with tf.math.floormod(POS, stride) on int64 tensors, then
reads the slot's stored feature row.  The stride is the number of live buffer rows, a
tensor the loop passes; from step 14 on the buffer is cleared and the stride becomes 0,
so the integer FloorMod raises InvalidArgumentError ("Integer division by zero") after
the update and after POS was bumped; the step catches it, resets POS and records a
fallback.  Probes: an integer modulo that fails only after the speculated common case,
placed after the variable updates, caught by the step itself; updates must land once."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4401)
rng = np.random.default_rng(4401)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.5 - XS[:, 1:2] ** 2 * 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
B = tf.Variable(tf.zeros([1]))
OPT = keras.optimizers.Adam(learning_rate=0.02)
POS = tf.Variable(0, dtype=tf.int64)
BANK = tf.constant(rng.normal(size=(8, 1)).astype(np.float32))
EVENTS = []


def train_step(x, y, stride):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    POS.assign_add(1)
    try:
        slot = tf.math.floormod(POS, stride)
        row = tf.gather(BANK, slot)
        EVENTS.append("ok")
    except tf.errors.InvalidArgumentError:
        POS.assign(0)
        slot = tf.constant(-1, tf.int64)
        row = tf.zeros([1])
        EVENTS.append("reset")
    return loss, slot, row


for step in range(32):
    i = (step * 8) % 88
    stride = tf.constant(0 if 14 <= step < 18 or step == 25 else 5, tf.int64)
    try:
        loss, slot, row = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), stride)
        print(step, repr(float(loss)), int(slot), repr(float(row[0])), int(POS.numpy()),
              int(OPT.iterations.numpy()), EVENTS[-1], len(EVENTS))
    except Exception as e:  # noqa: BLE001
        print(step, "escaped", type(e).__name__, int(POS.numpy()), int(OPT.iterations.numpy()))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "events": EVENTS.count("reset"),
}))
