"""Dicts keyed by the step number. The step looks up a per-step learning rate table,
tests `step in MILESTONES`, writes SEEN[step] and BUCKET[step % 4], and returns the key
it stored. The driver passes plain ints at first; from step 14 it passes np.int64 from
np.arange (equal and same hash, so existing keys are found but new keys are np.int64);
from step 22 floats (step * 1.0); from step 30 np.int32. At step 18 a new milestone key
is added to the table from outside. The final summary prints every key's type."""
import random

import numpy as np
import tensorflow as tf

random.seed(37)
np.random.seed(37)
tf.random.set_seed(37)

rng = np.random.default_rng(61)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

LR_AT = {0: 0.1, 8: 0.05, 16: 0.08, 24: 0.02, 32: 0.04}
MILESTONES = {10, 20, 25, 31}
SEEN = {}
BUCKET = {}
STATE = {"lr": 0.1, "hits": 0}


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    lr = LR_AT.get(step, STATE["lr"])
    STATE["lr"] = lr
    if step in MILESTONES:
        STATE["hits"] += 1
        lr = lr * 0.5
    W.assign_sub(lr * g)
    SEEN[step] = float(loss)
    k = step % 4
    BUCKET[k] = BUCKET.get(k, 0) + 1
    return loss, lr, k


ints64 = np.arange(40, dtype=np.int64)
ints32 = np.arange(40, dtype=np.int32)
for step in range(38):
    if step == 18:
        LR_AT[19] = 0.3
    if step < 14:
        key = step
    elif step < 22:
        key = ints64[step]
    elif step < 30:
        key = step * 1.0
    else:
        key = ints32[step]
    i = (step * 16) % 48
    loss, lr, k = train_step(X[i:i + 16], Y[i:i + 16], key)
    print(step, repr(float(loss)), repr(lr), type(lr).__name__, repr(k), type(k).__name__,
          STATE["hits"], len(SEEN))

print("SEEN keys", [(repr(k), type(k).__name__) for k in SEEN][10:])
print("BUCKET", [(repr(k), type(k).__name__, v) for k, v in BUCKET.items()])
print("STATE", STATE, type(STATE["lr"]).__name__)
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
