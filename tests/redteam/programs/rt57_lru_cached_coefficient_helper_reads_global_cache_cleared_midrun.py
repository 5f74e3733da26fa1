"""A Sequential regressor whose step gets its loss weights from a helper memoised with
`functools.lru_cache`: `loss_weights(phase)` reads the global dict `WEIGHTS` the first
time it is asked for a phase, and the cache answers every later call.  The cache is C
state no dict write reaches.  Mid-run: at step 7 the loop changes `WEIGHTS["main"]`
(eagerly ignored: the cache still answers), at step 13 it calls
`loss_weights.cache_clear()` (now the new weight is read, once), at step 19 the phase
string the step passes becomes "tune" (a miss, then hits), at step 25 `WEIGHTS["tune"]`
changes and the cache is cleared again.  The loop prints `cache_info()` (hits and
misses count every call the step made) after each step.
Probes: a memoising wrapper (C code holding state) around a program function called
from a converted step."""
import random

import numpy

random.seed(5734)
numpy.random.seed(5734)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5734)
rng = np.random.default_rng(5734)
XS = rng.normal(size=(176, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) + 0.3 * XS[:, 4:5] ** 2).astype(np.float32)

WEIGHTS = {"main": (1.0, 0.01), "tune": (0.5, 0.05)}
PHASE = "main"


@functools.lru_cache(maxsize=8)
def loss_weights(phase):
    mse_w, l1_w = WEIGHTS[phase]
    return mse_w, l1_w


MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y, phase):
    mse_w, l1_w = loss_weights(phase)
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        mse = tf.reduce_mean(tf.square(pred - y))
        l1 = tf.reduce_sum(tf.abs(MODEL.layers[0].kernel))
        loss = mse_w * mse + l1_w * l1
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return mse, mse_w, l1_w


for step in range(32):
    if step == 7:
        WEIGHTS["main"] = (2.0, 0.0)
    if step == 13:
        loss_weights.cache_clear()
    if step == 19:
        PHASE = "tune"
    if step == 25:
        WEIGHTS["tune"] = (0.25, 0.1)
        loss_weights.cache_clear()
    i = (step * 8) % 168
    mse, mse_w, l1_w = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), PHASE)
    info = loss_weights.cache_info()
    print(step, repr(float(mse)), repr(mse_w), repr(l1_w), info.hits, info.misses,
          info.currsize)

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
