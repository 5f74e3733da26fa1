"""Probes a generator function the step calls and then drives with .throw() and .close().
`warmup_factors()` yields a factor per micro-batch; the step takes the first two with
next(), then, on a Python flag, throws a ValueError into it (the generator catches it,
records it in the program's list, and yields a recovery factor that throw() returns),
and finally closes it (GeneratorExit at the suspended yield: its `finally` appends
"closed" and bumps a counter -- in the middle of the step, before the optimizer update
and before the step's own print of the counter).  The loop turns the flag on at step 8,
off at step 20, and changes the factor base at step 14.  A graph that ignored the
throw, took the next plain yield instead of the recovery yield, or ran the finally at
another point would print other factors/counters and train other weights."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2210)
np.random.seed(2210)
keras.utils.set_random_seed(2210)
rng = np.random.default_rng(2210)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [2.0], [-1.0], [0.5]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
B = tf.Variable(np.zeros(1, np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)
EVENTS = []
STATE = {"base": 1.0, "closed": 0, "throw": False}


def warmup_factors(base):
    k = 0
    try:
        while True:
            try:
                yield base * (k + 1)
            except ValueError:
                EVENTS.append("recover")
                yield base * 0.25
            k += 1
    finally:
        STATE["closed"] += 1
        EVENTS.append("closed")


def train_step(x, y):
    gen = warmup_factors(STATE["base"])
    f1 = next(gen)
    f2 = next(gen)
    if STATE["throw"]:
        f2 = gen.throw(ValueError("spike"))
    gen.close()
    closed_now = STATE["closed"]
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y)) * f1 + 0.01 * f2 * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    print("  factors", f1, f2, "closed", closed_now)
    return loss


for step in range(34):
    if step == 8:
        STATE["throw"] = True
    if step == 14:
        STATE["base"] = 0.5
    if step == 20:
        STATE["throw"] = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), STATE["closed"], EVENTS[-3:], len(EVENTS))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "state": STATE, "events": len(EVENTS),
}))
