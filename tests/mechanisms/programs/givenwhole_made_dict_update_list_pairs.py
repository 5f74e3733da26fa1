"""Per-step hyper-parameters: the step makes `hp = dict(BASE)` and updates it from the
program's list of [name, value] lists, as json.load gives them.  The loop edits a pair's
value in place, then appends a pair: `update()` reads the values inside the pairs."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)

rng = np.random.default_rng(11)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
BASE = {"lr": 0.05, "l2": 0.0}
PAIRS = [["l2", 0.001], ["lr", 0.04]]


def train_step(x, y):
    hp = dict(BASE)
    hp.update(PAIRS)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + hp["l2"] * tf.reduce_sum(W * W)
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(hp["lr"] * g)
    return loss, sorted(hp)


for step in range(24):
    if step == 6:
        PAIRS[1][1] = 0.02
    if step == 12:
        PAIRS[0][1] = 0.01
    if step == 18:
        PAIRS.append(["lr", 0.08])
    i = (step * 8) % 56
    loss, keys = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), keys)
print(json.dumps({"w": W.numpy().ravel().tolist()}))
