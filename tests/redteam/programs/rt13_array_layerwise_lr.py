"""Layer-wise learning-rate multipliers kept in an array.array, edited in place mid-run.

A fine-tuning recipe scales each layer's update by a per-layer multiplier (layer-wise
LR decay).  The multipliers live in a compact `array.array("d", ...)` (as read from a
binary config); the step indexes it, `LR_MULT[k]`, for each of its three weight
matrices.  array.array is a mutable C container: not a list, not an ndarray, and an
item assignment writes its buffer, not any dict.  At step 10 the schedule unfreezes the
bottom layer in place (`LR_MULT[0] = 1.0`, it was 0.0), at step 18 it damps the top
layer (`LR_MULT[2] = 0.25`).  The array object is never rebound.  Eager reads the
buffer at every call.  A build that read the items once through the C sequence
protocol and pinned only the array's identity would keep the bottom layer frozen.
Probes: guards on mutable C containers other than list/dict/deque/ndarray.
"""
import array
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1334)
rng = np.random.default_rng(1334)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.sin(XS[:, :2].sum(axis=1, keepdims=True)) * 2.0).astype(np.float32)

WS = [tf.Variable(rng.normal(size=s).astype(np.float32) * 0.4)
      for s in ((6, 10), (10, 10), (10, 1))]
LR_MULT = array.array("d", [0.0, 0.5, 1.0])
BASE_LR = 0.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ WS[0])
        h = tf.tanh(h @ WS[1])
        loss = tf.reduce_mean(tf.square(h @ WS[2] - y))
    grads = tape.gradient(loss, WS)
    for k in range(3):
        WS[k].assign_sub(BASE_LR * LR_MULT[k] * grads[k])
    return loss


for step in range(30):
    if step == 10:
        LR_MULT[0] = 1.0
    if step == 18:
        LR_MULT[2] = 0.25
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), list(LR_MULT))

print(json.dumps({
    "W0": [repr(float(v)) for v in WS[0].numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in WS[2].numpy().ravel()[:6]],
}))
