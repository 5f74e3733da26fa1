"""The loop replaces one variable's `assign_sub` with a function of its own (an
instance attribute shadowing TF's method: a damped update) and later deletes it.  The
step calls `v.assign_sub(...)`: eager finds the instance entry while it is there; a
graph that bound TF's method at build time keeps calling TF's."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(11)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [2.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32), name="w")
DAMPED = []


def damped(delta):
    DAMPED.append(len(DAMPED))
    return type(W).assign_sub(W, 0.25 * delta)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.1 * g)
    return loss


for step in range(28):
    if step == 8:
        W.assign_sub = damped
    if step == 17:
        del W.assign_sub
    i = (step * 8) % 72
    print(step, repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])))),
          len(DAMPED))
print(json.dumps({"w": W.numpy().ravel().tolist(), "damped": len(DAMPED)}))
