"""Noise injection from an explicit `tf.random.Generator` (seeded with from_seed): the
step draws gradient noise `GEN.normal(...)` and then runs the program's own
`tf.debugging.assert_all_finite` on the noisy gradient; the loop catches the
InvalidArgumentError and moves on.  Eagerly the failing call has already advanced the
generator's state when the assertion fires.  Non-finite batches are injected at steps
13, 19 and 24.  janus gates updates behind checks and re-runs failing calls in the
interpreter: the generator's state (a variable the draw writes) must move exactly as
eagerly, once per draw."""
import random

import numpy

random.seed(74)
numpy.random.seed(74)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4274)
rng = np.random.default_rng(4274)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
GEN = tf.random.Generator.from_seed(1234)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    noisy = g + 0.01 * GEN.normal(g.shape)
    tf.debugging.assert_all_finite(noisy, "non-finite gradient")
    W.assign_sub(0.05 * noisy)
    return loss


for step in range(30):
    i = (step * 8) % 88
    x = XS[i:i + 8].copy()
    if step in (13, 19, 24):
        x[2, 3] = np.nan
    try:
        loss = train_step(tf.constant(x), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), repr(float(GEN.state.numpy()[0])))
    except tf.errors.InvalidArgumentError:
        print(step, "skipped", repr(float(GEN.state.numpy()[0])))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "gen_state": [int(v) for v in GEN.state.numpy()],
                  "next": repr(float(GEN.normal([]).numpy()))}))
