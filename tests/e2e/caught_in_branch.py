"""A `raise` on one arm of a branch on a tensor, caught by the step's own handler, and
writes to Python state after the try (a list append, a deque append, a dict item).  The
graph assumes the arm that does not raise; calls that raise run in the interpreter,
which runs the handler.  Under janus and JANUS_MODE=off; prints one JSON document."""

import collections
import json

import numpy as np
import tensorflow as tf

RNG = np.random.default_rng(9)
W = tf.Variable(RNG.normal(size=(3, 1)))
OPT = tf.keras.optimizers.SGD(0.01)


class State:
    pass


ST = State()
ST.t, ST.ok, ST.bad = 0, 0, 0
HISTORY = []
RECENT = collections.deque(maxlen=4)
COUNTS = {"big": 0}


def counted_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.matmul(x, W) ** 2)
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    ST.t += 1                        # a counter: read at call time, a tensor here
    try:
        if ST.t % 7 == 1:
            raise ValueError("every 7th")
        ST.ok += 1
    except ValueError:
        ST.bad += 1
    HISTORY.append(round(float(loss), 6))
    RECENT.append(ST.t)
    return loss


def checked_step(x):
    loss = tf.reduce_sum(x)
    try:
        if loss > 2.0:
            raise RuntimeError("too big")
        kind = "small"
    except RuntimeError:
        kind = "big"
        COUNTS["big"] += 1
    HISTORY.append(kind)
    return loss


results = {"counted": [], "checked": []}
for i in range(24):
    x = tf.constant(RNG.normal(size=(4, 3)))
    results["counted"].append(float(counted_step(x)))
    results["checked"].append(float(checked_step(x)))
results.update(t=ST.t, ok=ST.ok, bad=ST.bad, history=HISTORY, recent=list(RECENT),
               counts=COUNTS, W=W.numpy().tolist())
print(json.dumps(results))
