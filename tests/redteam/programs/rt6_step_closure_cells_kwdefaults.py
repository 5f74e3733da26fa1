"""Closures in a training step. make_trainer() returns a step and helpers sharing cells:
the step rebinds `count` with nonlocal and then calls a sibling closure that reads the
same cell in the same call; `gain` is read from a cell. Step 12: the gain cell is
rebound through `step.__closure__[i].cell_contents = ...` (no nonlocal, no setter).
Step 18: the step function's keyword-only default is changed by mutating its
__kwdefaults__ dict in place. Step 24: a setter closure rebinds gain via nonlocal.
Step 30: the helper closure cell `noise_fn` (a cell holding a function) is rebound."""
import random

import numpy as np
import tensorflow as tf

random.seed(59)
np.random.seed(59)
tf.random.set_seed(59)

rng = np.random.default_rng(89)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))


def make_trainer():
    gain = 1.0
    count = 0
    seen = []

    def noise_fn(c):
        return 0.0

    def report():
        return count * 10 + len(seen)

    def step(x, y, *, lr=0.05):
        nonlocal count
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y)) * gain
        g = tape.gradient(loss, W)
        count += 1
        seen.append(count)
        tag = report()
        W.assign_sub((lr + noise_fn(count)) * g)
        return loss, tag, lr, gain

    def set_gain(v):
        nonlocal gain
        gain = v

    return step, set_gain


train_step, set_gain = make_trainer()
names = train_step.__code__.co_freevars
print("freevars", names)

for step in range(36):
    if step == 12:
        train_step.__closure__[names.index("gain")].cell_contents = 2.5
    elif step == 18:
        train_step.__kwdefaults__["lr"] = 0.01
    elif step == 24:
        set_gain(0.5)
    elif step == 30:
        train_step.__closure__[names.index("noise_fn")].cell_contents = lambda c: 0.001 * (c % 3)
    i = (step * 16) % 48
    loss, tag, lr, gain = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), tag, repr(lr), repr(gain))

cells = {n: c.cell_contents for n, c in zip(names, train_step.__closure__)}
print("count", cells["count"], "seen", len(cells["seen"]), cells["seen"][-3:], "gain", cells["gain"])
print("kwdefaults", train_step.__kwdefaults__)
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
