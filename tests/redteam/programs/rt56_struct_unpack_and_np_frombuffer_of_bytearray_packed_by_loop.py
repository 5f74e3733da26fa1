"""Hyper-parameters live in a shared binary buffer (a `bytearray`, as a parameter-server
or shared-memory client would keep them) that the loop rewrites in place with
`struct.pack_into`.  The step decodes it with C functions that read the buffer
directly: `struct.unpack_from("<ff", BUF, 0)` (learning rate and loss scale),
`struct.unpack_from("<i", BUF, 8)[0]` (an int switch), and
`np.frombuffer(BUF, np.float32, 3, 12)` (per-output weights handed to TF).  The loop
repacks the learning rate at step 6, the scale at step 11, the per-output weights at
step 16, the switch at step 21, and everything at step 27.  Probes: native readers of
a mutable buffer of the program's (not item reads, not iteration) whose bytes change
between calls."""
import random

import numpy

random.seed(5622)
numpy.random.seed(5622)

import json
import struct

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5622)
rng = np.random.default_rng(5622)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = np.stack([XS[:, 0] + XS[:, 1], XS[:, 2] * 2.0, -XS[:, 3]], axis=1).astype(np.float32)

BUF = bytearray(24)
struct.pack_into("<ffi", BUF, 0, 0.05, 1.0, 0)
struct.pack_into("<fff", BUF, 12, 1.0, 1.0, 1.0)

W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.5)


def train_step(x, y):
    lr, scale = struct.unpack_from("<ff", BUF, 0)
    mode = struct.unpack_from("<i", BUF, 8)[0]
    weights = np.frombuffer(BUF, np.float32, 3, 12)
    with tf.GradientTape() as tape:
        err = tf.matmul(x, W) - y
        per = tf.abs(err) if mode == 1 else tf.square(err)
        loss = tf.reduce_mean(per * tf.constant(weights)) * scale
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    return loss, lr, scale, mode


for step in range(32):
    if step == 6:
        struct.pack_into("<f", BUF, 0, 0.02)
    if step == 11:
        struct.pack_into("<f", BUF, 4, 3.0)
    if step == 16:
        struct.pack_into("<fff", BUF, 12, 0.5, 2.0, 0.25)
    if step == 21:
        struct.pack_into("<i", BUF, 8, 1)
    if step == 27:
        struct.pack_into("<ffifff", BUF, 0, 0.04, 0.5, 0, 1.0, 0.0, 3.0)
    i = (step * 8) % 120
    loss, lr, scale, mode = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(lr), repr(scale), mode)

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "buf": BUF.hex()}))
