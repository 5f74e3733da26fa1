"""In-step augmentation from a numpy Generator held in a global: the step draws
`RNG.permutation(8)` to reorder the batch rows (tf.gather), `RNG.integers(0, 3)` to
pick a scale from a table, `RNG.choice(4, size=2, replace=False)` for two feature
columns to zero, and `RNG.standard_normal((8, 1))` for label noise, then trains.  The
loop replaces the Generator at step 11 with a new one, saves its bit generator state
at step 15 and writes it back through `RNG.bit_generator.state = saved` at step 23
(replaying the draws).  Probes: numpy Generator draws with constant arguments taken
in program order for each call (an ndarray permutation, an int, a choice without
replacement, a normal array), the generator object replaced and its state set between
calls."""
import random

import numpy

random.seed(553)
numpy.random.seed(553)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(553)
rng = np.random.default_rng(553)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 3:4]).astype(np.float32)

RNG = np.random.default_rng(7)
SCALES = [1.0, 0.5, 2.0]
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(0.01)


def train_step(x, y):
    perm = RNG.permutation(8)
    k = int(RNG.integers(0, 3))
    cols = RNG.choice(4, size=2, replace=False)
    noise = RNG.standard_normal((8, 1)).astype(np.float32) * 0.05
    mask = 1.0 - tf.reduce_sum(tf.one_hot(cols, 4), axis=0)
    x = tf.gather(x, perm) * SCALES[k] * mask
    y = tf.gather(y, perm) + noise
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, perm, k, cols


saved = None
for step in range(32):
    if step == 11:
        RNG = np.random.default_rng(11)
    if step == 15:
        saved = RNG.bit_generator.state
    if step == 23:
        RNG.bit_generator.state = saved
    i = (step * 8) % 152
    loss, perm, k, cols = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), perm.tolist(), k, sorted(cols.tolist()), type(perm).__name__)

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "next": int(RNG.integers(0, 1 << 30))}))
