"""The step uses builtins round(), max() and len(). At step 10 the module defines a global
named round (shadowing the builtin for the step's global lookups), at step 18 it patches
builtins.max itself, at step 26 deletes the global round again (the builtin shows through).
A converter that resolved builtins once, or guards only the module dict, computes wrongly."""
import builtins

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(103)
tf.keras.backend.set_floatx("float64")

ORIG_MAX = builtins.max
HIST = []


def coarse_round(x, n=0):
    return float(int(x * 10)) / 10


def clipped_max(*args):
    return ORIG_MAX(*args) * 0.5


rng = np.random.default_rng(41)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.zeros((3, 1)))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    r = round(float(loss), 3)
    HIST.append(r)
    m = max(HIST[-3:])
    lr = 0.1 if m > 0.5 else 0.05
    W.assign_sub(lr * tape.gradient(loss, W))
    return loss, r, m, len(HIST)


for step in range(32):
    if step == 10:
        round = coarse_round
    if step == 18:
        builtins.max = clipped_max
    if step == 26:
        del round
    loss, r, m, n = train_step(X, Y)
    print(step, repr(float(loss)), repr(r), repr(m), n)

builtins.max = ORIG_MAX
print("HIST", HIST[-5:])
print("W", W.numpy().ravel().tolist())
