"""A data-augmenting step draws from four sources each call: `random.gauss` (whose
second value Python caches inside the Random object), a numpy Generator's
`random()` to pick a crop offset, `np.random.uniform` for a mix coefficient, and
`tf.random.normal(..., seed=5)` (an op seed of its own: one kernel stream across
calls) for input noise.  At step 12 the loop reseeds Python's generator
(`random.seed(12)`) and replaces the numpy Generator global with a new one; at step 20
it calls `tf.random.set_seed(20)`.  janus takes draws at call time in program order
and keeps op-seed streams; reseeding between calls must be followed exactly."""
import random

import numpy

random.seed(102)
numpy.random.seed(102)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4302)
rng = np.random.default_rng(4302)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 5:6]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
GEN = np.random.default_rng(77)


def train_step(x, y):
    jitter = random.gauss(0.0, 0.1)
    off = int(GEN.random() * 3.0)
    mix = np.random.uniform(0.0, 1.0)
    xc = x[:, off:off + 4]
    xn = xc + tf.random.normal(tf.shape(xc), stddev=0.05, seed=5)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xn @ W - y)) * (1.0 + jitter)
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * (mix + 0.5) * g)
    return loss, jitter, off, mix


for step in range(30):
    if step == 12:
        random.seed(12)
        GEN = np.random.default_rng(12)
    if step == 20:
        tf.random.set_seed(20)
    i = (step * 8) % 88
    loss, jitter, off, mix = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(jitter), off, repr(float(mix)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "py": repr(random.random()), "np": repr(float(np.random.random())),
                  "gen": repr(float(GEN.random()))}))
