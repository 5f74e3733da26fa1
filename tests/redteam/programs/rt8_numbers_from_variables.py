"""Python numbers read from TF variables and batch sizes, accumulated in globals, and shown
through float/int methods and every formatting path.

The step reads `float(LR)` (a tf.Variable the step itself decays and the loop assigns),
`int(STEP_VAR)`, `len(x)` of a batch that is partial every 4th step, accumulates
TOTAL (float) and SEEN (int) in globals, closes an "epoch" in a Python branch when
SEEN crosses EPOCH_SIZE, and prints `.hex()`, `.as_integer_ratio()`, `.is_integer()`,
`round(v, 3)`, `round(v)`, `divmod`, `'%g'`, `format(v, '+.5e')`, `'{!r}'`.
  step 12: LR.assign(0.2)           (from the loop)
  step 16: EPOCH_SIZE = 40
  step 20: TOTAL = 0.0; SEEN = 0    (globals reset)
  step 24: STEP_VAR.assign(1000)
  step 28: DECAY = 1.0 (int-valued float: lr stops decaying)
A converter that reads the variables or len() once, loses float exactness in the
accumulators, or formats a graph float differently prints other lines.
"""
import math
import random
import statistics

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(833)

LR = tf.Variable(0.1, dtype=tf.float32)
STEP_VAR = tf.Variable(0, dtype=tf.int64)
DECAY = 0.97
TOTAL = 0.0
SEEN = 0
EPOCH = 0
EPOCH_SIZE = 64
EPOCH_MEANS = []

rng = np.random.default_rng(833)
XS = rng.normal(size=(70, 5)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def train_step(x, y):
    global TOTAL, SEEN, EPOCH
    n = len(x)
    lr = float(LR)
    it = int(STEP_VAR)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2)
    LR.assign(LR * DECAY)
    STEP_VAR.assign_add(1)
    v = float(loss)
    TOTAL += v * n
    SEEN += n
    if SEEN >= EPOCH_SIZE:
        EPOCH_MEANS.append(TOTAL / SEEN)
        EPOCH += 1
        TOTAL = 0.0
        SEEN = 0
    q, r = divmod(it, 7)
    print("  n", n, "lr", lr.hex(), "it", it, q, r, "v", v.as_integer_ratio()[1].bit_length(),
          v.is_integer(), round(v, 3), round(v * 10), "%g" % v, format(v, "+.5e"), "{!r}".format(lr))
    return loss, n


for step in range(36):
    if step == 12:
        LR.assign(0.2)
    if step == 16:
        EPOCH_SIZE = 40
    if step == 20:
        TOTAL = 0.0
        SEEN = 0
    if step == 24:
        STEP_VAR.assign(1000)
    if step == 28:
        DECAY = 1.0
    if step % 4 == 3:
        x, y = XS[64:70], YS[64:70]
    else:
        i = (step * 16) % 64
        x, y = XS[i:i + 16], YS[i:i + 16]
    loss, n = train_step(tf.constant(x), tf.constant(y))
    print(step, repr(float(loss)), n, type(n).__name__, repr(TOTAL), SEEN, EPOCH, len(EPOCH_MEANS))

print("epochs", [repr(m) for m in EPOCH_MEANS], repr(math.fsum(EPOCH_MEANS)),
      repr(statistics.fmean(EPOCH_MEANS)))
print("final", repr(float(LR)), int(STEP_VAR), repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
