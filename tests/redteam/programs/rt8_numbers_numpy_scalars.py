"""numpy scalars and 0-d results that come out of the step: `loss.numpy()` of a float64
loss is an np.float64 (a float subclass whose repr is "np.float64(...)"), of a float32
tensor an np.float32; `np.asarray(t)` is a 0-d ndarray; `.item()` a Python float.

The step keeps BEST = min(BEST, loss.numpy()) (identity of the kept object checked),
appends `g.numpy()` scalars to HIST, and does NEP-50 arithmetic (np.float32 * Python
float stays float32). The loop prints types and reprs.
  step 12: BEST = math.inf                           (a Python float again)
  step 17: SCALE = np.float32(0.5)                    (a numpy scalar global, not a float)
  step 22: SCALE = 0.5                                (same value as a Python float:
           eager's `SCALE * loss32` is np.float32 both times under NEP 50)
  step 27: HIST.clear()
  step 31: BEST = np.float64(0.0)                     (never beaten: identity kept)
A converter that turns numpy scalars into Python floats (or 0-d arrays) prints other
types and reprs; min() must keep the very object it kept in eager (`is`).
"""
import math
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(834)

BEST = math.inf
SCALE = 1.0
HIST = []

rng = np.random.default_rng(834)
XS = rng.normal(size=(64, 4))
YS = XS[:, :1] * 0.5 - XS[:, 3:4]
W = tf.Variable(rng.normal(size=(4, 1)))


def train_step(x, y):
    global BEST
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    lv = loss.numpy()
    BEST = min(BEST, lv)
    loss32 = tf.cast(loss, tf.float32).numpy()
    scaled = SCALE * loss32
    gn = tf.norm(g).numpy()
    HIST.append(gn)
    arr = np.asarray(loss)
    print("  lv", repr(lv), type(lv).__name__, "best_is_lv", BEST is lv, "scaled", repr(scaled),
          type(scaled).__name__, "arr", repr(arr), arr.shape, "item", repr(lv.item()))
    return lv


for step in range(36):
    if step == 12:
        BEST = math.inf
    if step == 17:
        SCALE = np.float32(0.5)
    if step == 22:
        SCALE = 0.5
    if step == 27:
        HIST.clear()
    if step == 31:
        BEST = np.float64(0.0)
    i = (step * 8) % 56
    lv = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(lv), repr(BEST), type(BEST).__name__, BEST is lv, len(HIST),
          repr(HIST[-1]) if HIST else None, repr(sum(HIST)))

print("final", W.numpy().ravel().tolist(), repr(max(HIST)), type(max(HIST)).__name__)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
