"""Loss weights kept as rows of a nested list: the step gathers them into a list it makes
with `extend()` and reads an item of a row.  The loop edits a row in place and grows
another: what the made list holds are the program's rows, read as they are now."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)

rng = np.random.default_rng(12)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.3], [1.0], [-1.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
ROWS = [[1.0, 0.5], [2.0]]
EXTRA = [[0.25]]


def train_step(x, y):
    rows = []
    rows.extend(ROWS)
    rows.extend(EXTRA)
    scale = rows[0][1] + rows[-1][-1] + len(rows[1])
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.02 * g)
    return loss


for step in range(24):
    if step == 5:
        ROWS[0][1] = 0.75
    if step == 10:
        ROWS[1].append(3.0)
    if step == 15:
        EXTRA[0][0] = 0.5
    if step == 20:
        EXTRA.append([0.125])
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
print(json.dumps({"w": W.numpy().ravel().tolist()}))
