"""Counters and scales whose Python/numpy type changes mid-run while their value stays
"equal": the step adds INC to a counter, multiplies a float by SCALE, keeps a running
total of bools (sum of True values), and computes counter / 3, counter // 2, -counter
% 7 and a mixed product with a numpy scalar. INC is 1 (int), then np.int64(1) at step
12, True at step 17, 1.0 at step 22, np.float32(1.0) at step 27, np.uint8(1) at step
32. SCALE goes from 2 to np.int32(2) at step 14 and 2.0 at step 24. Types and reprs
of everything are printed each step. The driver also converts the counter back to a
plain int at step 17, to a plain float at step 27, and resets prod to 0.5 at step 24."""
import random

import numpy as np
import tensorflow as tf

random.seed(139)
np.random.seed(139)
tf.random.set_seed(139)

rng = np.random.default_rng(179)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

INC = 1
SCALE = 2
S = {"count": 0, "flags": 0, "prod": 0.5}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    S["count"] = S["count"] + INC
    S["flags"] += float(loss) < 1.0
    S["prod"] = S["prod"] * SCALE / 2
    c = S["count"]
    q = c / 3
    fd = c // 2
    m = -c % 7
    mix = np.float32(0.5) * c + INC
    W.assign_sub(0.05 * g)
    return loss, c, q, fd, m, mix, S["flags"], S["prod"]


def show(v):
    return f"{type(v).__name__}:{v!r}"


for step in range(37):
    if step == 12:
        INC = np.int64(1)
    elif step == 14:
        SCALE = np.int32(2)
    elif step == 17:
        INC = True
        S["count"] = int(S["count"])
    elif step == 22:
        INC = 1.0
    elif step == 24:
        SCALE = 2.0
        S["prod"] = 0.5
    elif step == 27:
        INC = np.float32(1.0)
        S["count"] = float(S["count"])
    elif step == 32:
        INC = np.uint8(1)
    i = (step * 16) % 48
    out = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(out[0])), " ".join(show(v) for v in out[1:]))

print("S", {k: show(v) for k, v in S.items()})
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
