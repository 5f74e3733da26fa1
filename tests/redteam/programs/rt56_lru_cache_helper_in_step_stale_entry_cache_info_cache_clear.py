"""The step scales its loss by `phase_scale(PHASE)`, a helper memoised with
`functools.lru_cache(maxsize=2)` that reads a program dict `BASE` and a list `MULT`.
The loop prints `phase_scale.cache_info()` after every step (eagerly, every call is a
hit or a miss the C cache counts), switches PHASE at steps 6, 12, 22 and 29 (a third
phase evicts the least recent entry), edits `BASE["warm"]` and `MULT[0]` in place at
step 9 (eagerly the cached value stays stale until evicted or cleared), and calls
`phase_scale.cache_clear()` at step 17 and `cache_parameters()` at the end.  Probes: a
C-implemented memoising wrapper around program code called in the step: its hit/miss
counters, the stale value it hands back, and eviction order."""
import random

import numpy

random.seed(5609)
numpy.random.seed(5609)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5609)
rng = np.random.default_rng(5609)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.5 * XS[:, 3:4]).astype(np.float32)

BASE = {"warm": 0.5, "main": 1.0, "cool": 0.25}
MULT = [1.0]
PHASE = "warm"


@functools.lru_cache(maxsize=2)
def phase_scale(phase):
    return BASE[phase] * MULT[0]


W = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5, name="w")
V = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5, name="v")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    s = phase_scale(PHASE)
    with tf.GradientTape() as tape:
        pred = tf.matmul(tf.nn.relu(tf.matmul(x, W)), V)
        loss = tf.reduce_mean(tf.square(pred - y)) * s
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, s


for step in range(34):
    if step == 6:
        PHASE = "main"
    if step == 9:
        BASE["warm"] = 2.0
        MULT[0] = 0.8
    if step == 12:
        PHASE = "warm"
    if step == 17:
        phase_scale.cache_clear()
    if step == 22:
        PHASE = "cool"
    if step == 29:
        PHASE = "main"
    i = (step * 8) % 120
    loss, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    info = phase_scale.cache_info()
    print(step, repr(float(loss)), s, info.hits, info.misses, info.currsize)

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()[:6]],
    "v": [repr(float(v)) for v in V.numpy().ravel()],
    "cache": list(phase_scale.cache_info()),
    "params": phase_scale.cache_parameters(),
}))
