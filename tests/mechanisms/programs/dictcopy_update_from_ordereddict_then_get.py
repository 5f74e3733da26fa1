"""The step overlays phase settings from an OrderedDict (`STATE.update(PHASE)`: not a
plain dict) and then reads `STATE.get("momentum", 0.0)`, a key the overlay does not
hold, which the loop changes between calls."""
import collections
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(53)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
VEL = tf.Variable(np.zeros((3, 1), np.float32))
PHASE = collections.OrderedDict(lr=0.05)
STATE = {"momentum": 0.0}


def train_step(x, y):
    STATE.update(PHASE)
    mom = STATE.get("momentum", 0.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    VEL.assign(mom * VEL + g)
    W.assign_sub(STATE["lr"] * VEL)
    return loss, mom


for step in range(28):
    if step == 9:
        STATE["momentum"] = 0.5
    if step == 17:
        STATE["momentum"] = 0.9
    i = (step * 8) % 56
    loss, mom = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), mom)
print(json.dumps({"w": W.numpy().ravel().tolist(), "state": STATE}))
