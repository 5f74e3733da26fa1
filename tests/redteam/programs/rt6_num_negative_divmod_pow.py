"""Python number semantics around zero and negatives, computed in the step from a
step-dependent int k = OFFSET - step that crosses from positive to negative mid-run
(around step 15): k // 3, k % 3, k // -3, k % -3, divmod(k, 4), int(k / 4) (truncation),
round(k / 4) (half to even), k % 3.5, k // 2.5, math.fmod(k, 3), b ** 0.5 of a float b
that turns negative (Python returns a complex number), (-2) ** -k style negative
exponents, pow(k, 2, 7), pow(k, -1, 7) (modular inverse: ValueError when k % 7 == 0,
caught in the step), abs(k), and -0.0 results of float ops. Step 24: OFFSET changes so
k jumps back to positive and crosses zero again."""
import math
import random

import numpy as np
import tensorflow as tf

random.seed(151)
np.random.seed(151)
tf.random.set_seed(151)

rng = np.random.default_rng(191)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

OFFSET = 15
ERR = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    k = OFFSET - step
    b = k * 0.1
    root = b ** 0.5
    try:
        inv = pow(k, -1, 7)
    except ValueError as e:
        ERR.append(str(e))
        inv = None
    neg_exp = (-2) ** (-abs(k) % 5)
    vals = (k // 3, k % 3, k // -3, k % -3, divmod(k, 4), int(k / 4), round(k / 4),
            k % 3.5, k // 2.5, math.fmod(k, 3), root, neg_exp, pow(k, 2, 7), inv, abs(k),
            b * 0.0, -b % 1.0, round(b, 1))
    lr = 0.05 * (1 + (k % 3)) / 3
    W.assign_sub(lr * g)
    return loss, vals, lr


for step in range(36):
    if step == 24:
        OFFSET = 30
    i = (step * 16) % 48
    loss, vals, lr = train_step(X[i:i + 16], Y[i:i + 16], step)
    print(step, repr(float(loss)), repr(lr), " ".join(repr(v) for v in vals))

print("ERR", ERR)
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
