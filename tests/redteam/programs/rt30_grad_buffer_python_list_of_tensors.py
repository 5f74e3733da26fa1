"""Gradient accumulation in a plain Python list: each call appends the list of
gradient tensors to self.buf; when len(self.buf) reaches K the step sums them
(tf.add_n per variable), applies the mean and clears the buffer.  K changes from 4 to
3 at step 13; at step 20 the program itself drops the oldest entry (buf.pop(0)).
Probes: tensors a converted step stores in a Python list and reads back in later
calls, and the list edited by the program between calls."""
import random

import numpy

random.seed(59)
numpy.random.seed(59)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5901)
rng = np.random.default_rng(5901)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 - XS[:, 3:4]).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


class Accum:
    def __init__(self, k):
        self.k = k
        self.buf = []
        self.applied = 0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        self.buf.append(grads)
        if len(self.buf) >= self.k:
            n = len(self.buf)
            mean = [tf.add_n(list(gs)) / n for gs in zip(*self.buf)]
            OPT.apply_gradients(zip(mean, model.trainable_variables))
            self.buf.clear()
            self.applied += 1
        return loss


A = Accum(4)
for step in range(30):
    if step == 13:
        A.k = 3
    if step == 20 and A.buf:
        A.buf.pop(0)
    i = (step * 8) % 56
    loss = A.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(A.buf), A.applied, int(OPT.iterations))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "buf": len(A.buf), "applied": A.applied,
    "buf0": [repr(float(np.asarray(g).ravel()[0])) for g in (A.buf[0] if A.buf else [])],
}))
