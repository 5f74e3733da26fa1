"""A two-head loss weighted by `list(LOSS_WEIGHTS.values())`; the loop changes one
weight, then adds a third head's weight (which the step zips with two losses, so the
extra one is dropped, as zip drops it), then removes it.  Eager reads the dict's values
at every call; a graph must be rebuilt or guarded when any changes."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(21)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YA = XS[:, :1] * 2.0
YB = XS[:, 1:2] - XS[:, 2:3]
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3)
LOSS_WEIGHTS = {"a": 1.0, "b": 0.5}


def train_step(x, ya, yb):
    with tf.GradientTape() as tape:
        out = x @ W
        losses = [tf.reduce_mean(tf.square(out[:, :1] - ya)),
                  tf.reduce_mean(tf.square(out[:, 1:] - yb))]
        weights = list(LOSS_WEIGHTS.values())
        loss = tf.add_n([w * l for w, l in zip(weights, losses)])
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.05 * g)
    return loss, weights


for step in range(30):
    if step == 8:
        LOSS_WEIGHTS["b"] = 2.0
    if step == 15:
        LOSS_WEIGHTS["c"] = 9.0
    if step == 21:
        del LOSS_WEIGHTS["c"]
        LOSS_WEIGHTS["a"] = 0.25
    i = (step * 8) % 88
    loss, weights = train_step(tf.constant(XS[i:i + 8]), tf.constant(YA[i:i + 8]),
                               tf.constant(YB[i:i + 8]))
    print(step, repr(float(loss)), weights)
print(json.dumps({"w": W.numpy().ravel().tolist()}))
