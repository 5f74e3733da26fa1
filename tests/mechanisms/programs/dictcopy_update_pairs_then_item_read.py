"""The step adds an entry with `HP.update([("warm", True)])` (pairs: no dict names the
keys), then reads the learning rate `HP["lr"]` that the loop changes between calls.
Eager reads the caller's value at every call."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(43)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.2], [1.0], [-0.4]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
HP = {"lr": 0.1, "decay": 0.5}


def train_step(x, y):
    HP.update([("warm", True)])
    lr = HP["lr"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(lr * g)
    return loss, lr


for step in range(28):
    if step in (8, 15, 21):
        HP["lr"] = HP["lr"] * HP["decay"]
    i = (step * 8) % 56
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), lr, sorted(HP))
print(json.dumps({"w": W.numpy().ravel().tolist(), "hp": HP}))
