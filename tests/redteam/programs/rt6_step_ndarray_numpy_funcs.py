"""The step receives raw numpy batches (uint8 "pixels", int64 labels) and preprocesses
them with numpy inside the step: `x + SHIFT` (uint8 wraps around; numpy 2 raises
OverflowError for a Python int out of uint8 range, caught in the step), np.clip,
np.sum (uint8 sums to uint64), `y // -3` and `y % -3` of negative divisors, `y / 2`
(int64 / int is float64), a comparison reduced with np.count_nonzero. Step 13: SHIFT
7 -> 200 (wrap-around). Step 19: SHIFT -> 300 (OverflowError path). Step 25: the driver
passes int16 batches (300 now fits). Step 31: SHIFT -> -40 (negative values in int16)."""
import random

import numpy as np
import tensorflow as tf

random.seed(41)
np.random.seed(41)
tf.random.set_seed(41)

rng = np.random.default_rng(67)
PIX = rng.integers(0, 256, size=(64, 6), dtype=np.uint8)
LAB = rng.integers(-5, 6, size=(64, 1)).astype(np.int64)
W = tf.Variable(rng.normal(size=(6, 1)).astype("float32") * 0.3)
B = tf.Variable([0.0])

SHIFT = 7
LO = 10
ERRORS = []


def train_step(x_np, y_np):
    try:
        shifted = x_np + SHIFT
    except OverflowError as e:
        ERRORS.append(str(e))
        shifted = x_np
    clipped = np.clip(shifted, LO, 250)
    total = np.sum(shifted)
    bright = np.count_nonzero(clipped > 200)
    q = y_np // -3
    r = y_np % -3
    target = y_np / 2
    feat = tf.cast(clipped, tf.float32) / 255.0
    with tf.GradientTape() as tape:
        pred = feat @ W + B
        loss = tf.reduce_mean(tf.square(pred - tf.cast(target + q + r, tf.float32)))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.05 * gw)
    B.assign_sub(0.05 * gb)
    return loss, shifted.dtype, clipped.dtype, total, bright, target.dtype, int(q.sum()), int(r.sum())


for step in range(37):
    if step == 13:
        SHIFT = 200
    elif step == 19:
        SHIFT = 300
    elif step == 31:
        SHIFT = -40
    i = (step * 8) % 56
    x = PIX[i:i + 8]
    if step >= 25:
        x = x.astype(np.int16)
    loss, sdt, cdt, total, bright, tdt, qs, rs = train_step(x, LAB[i:i + 8])
    print(step, repr(float(loss)), sdt, cdt, repr(total), type(total).__name__, repr(bright),
          tdt, qs, rs, len(ERRORS))

print("ERRORS", ERRORS[:1], len(ERRORS))
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))), "B", repr(float(B[0])))
