"""A work queue of loss scales in a dict: the step takes the newest with `popitem()` and
trains with its scale.  The loop refills it with the same keys and other values, so
the key popped repeats while its value changes."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(31)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-1.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
QUEUE = {}
TAKEN = []


def train_step(x, y):
    name, scale = QUEUE.popitem()
    TAKEN.append(name)
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.1 * g)
    return loss, scale


for step in range(28):
    QUEUE["job%d" % (step % 2)] = 0.25 * (1 + step % 3)
    i = (step * 8) % 56
    loss, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), scale, TAKEN[-1], sorted(QUEUE))
print(json.dumps({"w": W.numpy().ravel().tolist(), "left": QUEUE}))
