"""A Python float the step reads from the graph (a log-based monitoring value) becomes NaN
mid-run: at step 10 the program changes OFFSET from 3.0 to -0.5 (log of negative values),
at step 20 back to 3.0.  The step keeps BEST = min(BEST, v) and WORST = max(v, WORST)
(Python's min/max with NaN depend on argument order: comparisons with NaN are False), and
checks `v in HIST`, `HIST[-1:] == [v]` and `HIST.count(v)` right after appending v (list
membership and equality use identity first, so they are True for NaN in eager), and `v == v`.
Probes: Python float semantics for NaN where identity shortcuts decide (in, ==, count of
containers) and order-dependent min/max, when the float comes out of a graph."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1231)
rng = np.random.default_rng(1231)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OFFSET = 3.0
BEST = float("inf")
WORST = float("-inf")
HIST = []


def train_step(x, y):
    global BEST, WORST
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    v = float(tf.reduce_mean(tf.math.log(x[:, 0] + OFFSET)))
    BEST = min(BEST, v)
    WORST = max(v, WORST)
    HIST.append(v)
    flags = [v in HIST, HIST[-1:] == [v], HIST.count(v), v == v]
    return loss, v, flags


for step in range(30):
    if step == 10:
        OFFSET = -0.5
    if step == 20:
        OFFSET = 3.0
    i = (step * 8) % 56
    loss, v, flags = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(v), repr(BEST), repr(WORST), flags)

print(json.dumps({"best": repr(BEST), "worst": repr(WORST), "hist": [repr(h) for h in HIST],
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))
