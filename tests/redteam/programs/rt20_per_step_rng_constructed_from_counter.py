"""Probes generators constructed inside the step from a seed that changes at every
call: `np.random.default_rng(SEED + step)` and `random.Random(SEED * 7 + step)`
(deterministic per-step augmentation), plus a draw from the global numpy generator.

Eager makes a fresh generator per call, so the noise at step s is a function of SEED + s
alone; the global generator moves by one draw per call.  The loop changes SEED at steps
14 and 28.

A conversion that builds the generator once at build time (its first seed), takes its
draws as if from a long-lived generator, or refuses nothing but freezes the result,
adds other noise: printed noise statistics, losses, weights and the global numpy state
differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2031)
random.seed(2031)
np.random.seed(2031)
rng = np.random.default_rng(2031)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)
SEED = 1000


def train_step(x, y, step):
    local = np.random.default_rng(SEED + step)
    noise = local.normal(0.0, 0.1, size=(8, 4)).astype(np.float32)
    pyr = random.Random(SEED * 7 + step)
    gain = 1.0 + 0.1 * pyr.random()
    drop = np.random.random()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + noise) @ W * gain - y)) * (0.5 if drop < 0.2 else 1.0)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, float(noise.sum()), gain, drop


for step in range(40):
    if step == 14:
        SEED = 5000
    if step == 28:
        SEED = 1000
    i = (step * 8) % 56
    loss, nsum, gain, drop = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, round(float(loss), 6), round(nsum, 6), repr(gain), repr(drop))

print(json.dumps({
    "np_next": float(np.random.random()),
    "py_next": random.random(),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
