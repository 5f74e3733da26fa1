"""math on Python numbers inside converted steps (tests/e2e/test_step_builtins.py runs
this in both modes):

  * cosine_step: a cosine learning-rate schedule with warm-up on a counter the step
    carries (`math.cos`, `math.pi`, `math.sqrt`, `min`), returned to the loop as a float;
  * scaled_step: `math.sqrt(d_model)` of a constant, `math.floor` and `math.log2` of the
    carried counter feeding an int the step uses;
  * log_step: `math.log` of a carried number that reaches 0.0 at one step, where Python
    raises ValueError: the loop catches it, as eager does, and goes on.

One JSON document last."""

import json
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(6)
rng = np.random.default_rng(6)
X = tf.constant(rng.normal(size=(16, 4)))
Y = tf.constant(rng.normal(size=(16, 1)))
STEPS = 24


class Schedule:
    def __init__(self, total, d_model=16):
        self.step, self.total, self.d_model = 0, total, d_model
        self.budget = 6.0


sched = Schedule(STEPS)
W = tf.Variable(rng.normal(size=(4, 1)) * 0.2)
U = tf.Variable(rng.normal(size=(4, 1)) * 0.2)
Z = tf.Variable(rng.normal(size=(4, 1)) * 0.2)


def cosine_step(x, y):
    warm = min(1.0, math.sqrt((sched.step + 1) / 4))
    lr = 0.1 * warm * 0.5 * (1 + math.cos(math.pi * sched.step / sched.total))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(lr * tape.gradient(loss, W))
    sched.step += 1
    return loss, lr


def scaled_step(x, y):
    scale = 1.0 / math.sqrt(sched.d_model)
    bucket = math.floor(math.log2(sched.step + 1))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(scale * (x @ U) - y))
    U.assign_sub(0.05 * (bucket + 1) * tape.gradient(loss, U))
    return loss, bucket


def log_step(x, y):
    sched.budget -= 1.0
    penalty = -math.log(abs(sched.budget)) * 0.01
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ Z - y)) + penalty
    Z.assign_sub(0.05 * tape.gradient(loss, Z))
    return loss


printed = []
for i in range(STEPS):
    loss, lr = cosine_step(X, Y)
    loss2, bucket = scaled_step(X, Y)
    try:
        loss3 = repr(float(log_step(X, Y)))
    except ValueError as exc:
        loss3 = f"ValueError: {exc}"
    line = (i, repr(float(loss)), repr(lr), type(lr).__name__, repr(float(loss2)), bucket,
            type(bucket).__name__, loss3)
    printed.append(repr(line))
    print(*line)

print(json.dumps({"printed": printed, "step": sched.step, "budget": sched.budget,
                  "w": W.numpy().tolist(), "u": U.numpy().tolist(), "z": Z.numpy().tolist()}))
