"""A curriculum as an OrderedDict of (stage -> weight): the step takes the oldest stage
with `popitem(last=False)` and, every third call, also drops the newest with
`popitem()`.  The loop re-adds stages whose weights it changes each time."""
import collections
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(37)
XS = rng.normal(size=(64, 2)).astype(np.float32)
YS = (XS[:, 1:] - XS[:, :1]).astype(np.float32)
W = tf.Variable(np.zeros((2, 1), np.float32))
STAGES = collections.OrderedDict()
DROPPED = []


def train_step(x, y, drop):
    stage, weight = STAGES.popitem(last=False)
    if drop and STAGES:
        DROPPED.append(STAGES.popitem())
    with tf.GradientTape() as tape:
        loss = weight * tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.2 * g)
    return loss, stage, weight


for step in range(30):
    for k in range(3):
        if len(STAGES) < 3 and "s%d" % k not in STAGES:
            STAGES["s%d" % k] = round(0.5 + 0.1 * ((step + k) % 4), 2)
    i = (step * 8) % 56
    loss, stage, weight = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                     step % 3 == 2)
    print(step, repr(float(loss)), stage, weight, list(STAGES.items()), len(DROPPED))
print(json.dumps({"w": W.numpy().ravel().tolist(), "dropped": DROPPED}))
