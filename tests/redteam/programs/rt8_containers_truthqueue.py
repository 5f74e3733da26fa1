"""Truth tests, `while` over a global queue, slices, reversed, list/tuple comparisons.

train_step pops lr multipliers from the global list QUEUE (`while QUEUE` / `if QUEUE`),
reads HISTORY (losses the loop appends) with `if HISTORY:`, `HISTORY[-3:]`,
`reversed(HISTORY[-2:])`, `min(HISTORY, default=None)`, compares `recent == sorted(...)`,
compares a tuple holding the list MILESTONES with `<`, and multiplies by every factor in
PENDING (emptied by the step with `while PENDING: PENDING.pop()`).
  step 12: QUEUE.extend([0.5, 0.5, 0.25])  (three steps use a multiplier)
  step 15: PENDING.append(0.9)             (a one-off decay)
  step 16: MILESTONES[0] = 25              (item assignment inside a list)
  step 20: QUEUE.insert(0, 2.0)
  step 26: HISTORY.clear()                 (truth test flips to False; min -> default)
  step 29: PENDING.extend([0.8, 0.5])      (two factors, popped from the end)
The step's pops are Python writes the loop sees. A converter that freezes the queue's
length or contents, the history's truth value, or the milestone list prints wrong
multipliers/trends and trains with the wrong lr; QUEUE/PENDING end in a wrong state.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(814)

QUEUE = []
PENDING = []
HISTORY = []
MILESTONES = [10, 20]

rng = np.random.default_rng(814)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1))) + 0.05 * rng.normal(size=(64, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)


def train_step(x, y, step):
    mult = 1.0
    if QUEUE:
        mult = QUEUE.pop(0)
    while PENDING:
        mult = mult * PENDING.pop()
    trend = "none"
    if HISTORY:
        recent = HISTORY[-3:]
        if len(recent) == 3 and recent == sorted(recent, reverse=True):
            trend = "down"
        elif recent[-1] > recent[0]:
            trend = "up"
        else:
            trend = "flat"
    last_two = list(reversed(HISTORY[-2:]))
    best = min(HISTORY, default=None)
    late = (step, MILESTONES) >= (15, [15])
    past = [m for m in MILESTONES if m <= step]
    lr = 0.1 * mult * (0.5 ** len(past))
    with tf.GradientTape() as tape:
        pred = tf.nn.elu(x @ W1) @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2)
    print("  mult", repr(mult), "trend", trend, "last_two", last_two, "best", best,
          "late", late, "past", past, "lr", repr(lr), "queue_left", len(QUEUE), not PENDING)
    return loss, best


for step in range(36):
    if step == 12:
        QUEUE.extend([0.5, 0.5, 0.25])
    if step == 15:
        PENDING.append(0.9)
    if step == 16:
        MILESTONES[0] = 25
    if step == 20:
        QUEUE.insert(0, 2.0)
    if step == 26:
        HISTORY.clear()
    if step == 29:
        PENDING.extend([0.8, 0.5])
    i = (step * 8) % 56
    loss, best = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    HISTORY.append(round(float(loss), 4))
    print(step, repr(float(loss)), best is None or best in HISTORY, len(HISTORY))

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("state", QUEUE, PENDING, MILESTONES, HISTORY[-3:])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
