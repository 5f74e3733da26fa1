"""Containers the step mutates WHILE iterating over them.  (a) The step decays every entry
of the dict STATS in a `for k in STATS` loop; from step 10 (flag ADD) it also inserts a
"<k>_x" key inside that loop, so eager raises RuntimeError("dictionary changed size during
iteration") after the first insertion; the step catches it and records the message (steps
10 and 11 raise, then every key has its twin).  (b) The step removes negative entries from
the list QUEUE with `for v in QUEUE: if v < 0: QUEUE.remove(v)`, which in eager SKIPS the
item after each removal; at step 20 the program refills QUEUE with [-1, -2, 3, -4, -5, 6].
Probes: deferred writes to copies of the caller's containers vs. CPython's live iteration
(size-change errors, index-shifting skips)."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1234)
rng = np.random.default_rng(1234)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
STATS = {"a": 1.0, "b": 2.0}
QUEUE = [1, 2]
ADD = False
ERRS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    try:
        for k in STATS:
            STATS[k] = STATS[k] * 0.5
            if ADD and not k.endswith("_x"):
                STATS[k + "_x"] = 0.0
    except RuntimeError as e:
        ERRS.append([step, str(e)])
    for v in QUEUE:
        if v < 0:
            QUEUE.remove(v)
    return loss


for step in range(30):
    if step == 10:
        ADD = True
    if step == 20:
        QUEUE[:] = [-1, -2, 3, -4, -5, 6]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), sorted(STATS.items()), QUEUE, len(ERRS))

print(json.dumps({"stats": STATS, "queue": QUEUE, "errs": ERRS,
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))
