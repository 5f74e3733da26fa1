"""Probes a fixed op seed that cycles with the step counter: `tf.random.normal(shape,
seed=BASE + step % 3)` as per-epoch deterministic input noise.

Eager keeps one cached kernel per (op seed, shape, dtype): each of the three seeds
continues its own Philox stream across calls, so the noise at a call depends on how
many times that seed drew before.  The seed comes from the Python counter passed each
call; the loop changes BASE at step 18 (three new streams) and back at step 30 (the old
streams go on where they stopped), and the noise's shape at step 24 (a batch of 4: new
kernels).

A conversion that pins the first call's seed, keeps one position for all seeds, or
restarts a stream when it comes back, draws other noise: the printed noise sums, losses
and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2028)
random.seed(2028)
np.random.seed(2028)
rng = np.random.default_rng(2028)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)
BASE = 100


def train_step(x, y, step):
    seed = BASE + step % 3
    noise = tf.random.normal(tf.shape(x), stddev=0.1, seed=seed)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + noise) @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, seed, noise


for step in range(40):
    if step == 18:
        BASE = 200
    if step == 30:
        BASE = 100
    n = 4 if 24 <= step < 27 else 8
    i = (step * 8) % 56
    loss, seed, noise = train_step(tf.constant(XS[i:i + n]), tf.constant(YS[i:i + n]), step)
    print(step, seed, round(float(loss), 6), round(float(tf.reduce_sum(noise)), 6))

print(json.dumps({
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "after": round(float(tf.reduce_sum(tf.random.normal([3], seed=101))), 6),
}))
