"""Probes `layer.set_weights(BEST)` inside the step, where BEST is the program's list of
numpy arrays that the loop overwrites in place (`BEST[0][...] = ...`) when the
validation loss improves.

The step trains a small Keras model; when the global ROLLBACK is set (steps 14, 22 and
31) it first restores the head from BEST (the best weights seen), then trains.  Eager
copies BEST's current contents into the variables at that call.  The loop updates BEST
in place after good steps (no new array objects), so identity never changes, only
contents.

A conversion that captured BEST's contents as constants at build time, or guarded the
arrays by identity only, restores stale weights: losses and final weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2024)
random.seed(2024)
np.random.seed(2024)
rng = np.random.default_rng(2024)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
VX = tf.constant(XS[48:64])
VY = tf.constant(YS[48:64])

BODY = keras.layers.Dense(6, activation="tanh")
HEAD = keras.layers.Dense(1)
MODEL = keras.Sequential([keras.Input((4,)), BODY, HEAD])
OPT = keras.optimizers.Adam(learning_rate=0.05)
BEST = [np.array(w, copy=True) for w in HEAD.get_weights()]
BEST_LOSS = [float("inf")]
ROLLBACK = False


def train_step(x, y):
    if ROLLBACK:
        HEAD.set_weights(BEST)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(40):
    ROLLBACK = step in (14, 22, 31)
    i = (step * 8) % 48
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    vloss = float(tf.reduce_mean(tf.square(MODEL(VX) - VY)))
    if vloss < BEST_LOSS[0]:
        BEST_LOSS[0] = vloss
        for dst, src in zip(BEST, HEAD.get_weights()):
            dst[...] = src
    print(step, ROLLBACK, round(float(loss), 6), round(vloss, 6), round(float(BEST[1][0]), 6))

print(json.dumps({
    "best_loss": round(BEST_LOSS[0], 6),
    "head": [round(float(v), 6) for v in HEAD.kernel.numpy().ravel()],
    "body": [round(float(v), 6) for v in BODY.kernel.numpy().ravel()[:6]],
}))
