"""Exception handling inside the step: a helper whose `finally` block returns (which
silently swallows any exception raised in its try, including a ZeroDivisionError from a
Python float division), try/except/else/finally around a dict lookup (KeyError), a
contextlib.suppress(ZeroDivisionError) block that skips the rest of its body, and an
`except KeyError as e` handler that keeps repr(e). The finally blocks write Python state. Step 12: RATE becomes 0.0 (division by
zero now happens, swallowed by the finally-return in one place and suppressed in
another). Step 18: the SCALES dict loses key "w" (KeyError path). Step 24: RATE is back
to 4.0. Step 29: the key returns with another value."""
import contextlib
import random

import numpy as np
import tensorflow as tf

random.seed(113)
np.random.seed(113)
tf.random.set_seed(113)

rng = np.random.default_rng(157)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

RATE = 4.0
SCALES = {"w": 1.0}
EVENTS = []
COUNTS = {"finally": 0, "else": 0, "except": 0, "suppressed": 0}


def inverse_rate():
    try:
        inv = 1.0 / RATE
        EVENTS.append("inv-ok")
    finally:
        COUNTS["finally"] += 1
        return 0.5 if RATE == 0.0 else inv


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    inv = inverse_rate()
    try:
        scale = SCALES["w"]
    except KeyError as e:
        COUNTS["except"] += 1
        msg = repr(e)
        scale = 0.25
    else:
        COUNTS["else"] += 1
        msg = "found"
    finally:
        EVENTS.append("lookup")
    boost = 1.0
    skipped = True
    with contextlib.suppress(ZeroDivisionError):
        boost = 2.0 / RATE
        EVENTS.append("boost-ok")
        skipped = False
    if skipped:
        COUNTS["suppressed"] += 1
    W.assign_sub((0.05 * inv * scale * boost) * g)
    return loss, inv, scale, boost, msg


for step in range(36):
    if step == 12:
        RATE = 0.0
    elif step == 18:
        del SCALES["w"]
    elif step == 24:
        RATE = 4.0
    elif step == 29:
        SCALES["w"] = 3.0
    i = (step * 16) % 48
    loss, inv, scale, boost, msg = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), inv, scale, boost, msg, dict(COUNTS), len(EVENTS))

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("EVENTS tail", EVENTS[-6:])
