"""Loss terms configured by keyword: the step makes a dict and updates it with
`**TERMS`, whose values are lists of (weight, power) the loop edits in place, and with
the program's dict of schedules.  `update()` stores the program's lists; the step reads
inside them."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)

rng = np.random.default_rng(13)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [1.0], [-0.5]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
TERMS = {"mse": [1.0, 2], "l1": [0.0, 1]}
SCHEDULE = {"lr": [0.05]}


def train_step(x, y):
    cfg = {}
    cfg.update(SCHEDULE, **TERMS)
    with tf.GradientTape() as tape:
        err = x @ W - y
        loss = cfg["mse"][0] * tf.reduce_mean(tf.abs(err) ** cfg["mse"][1]) \
            + cfg["l1"][0] * tf.reduce_sum(tf.abs(W))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(cfg["lr"][0] * g)
    return loss


for step in range(24):
    if step == 6:
        TERMS["l1"][0] = 0.01
    if step == 12:
        SCHEDULE["lr"][0] = 0.02
    if step == 18:
        TERMS["mse"][1] = 1
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
print(json.dumps({"w": W.numpy().ravel().tolist()}))
