"""sorted(), min() and max() of the program's parameter groups by an
operator.itemgetter the step makes (`key=itemgetter("lr", "name")`); the loop changes a
group's rate mid-run, so the order changes: each item read is guarded where it is."""
import json
import operator
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(23)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
GROUPS = [{"name": "body", "lr": 0.05}, {"name": "head", "lr": 0.02},
          {"name": "bias", "lr": 0.08}]


def train_step(x):
    order = [g["name"] for g in sorted(GROUPS, key=operator.itemgetter("lr", "name"))]
    slow = min(GROUPS, key=operator.itemgetter("lr"))
    fast = max(GROUPS, key=operator.itemgetter("lr"))["name"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(slow["lr"] * tape.gradient(loss, w))
    return loss, order, fast


for i in range(24):
    if i == 9:
        GROUPS[2]["lr"] = 0.01
    loss, order, fast = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), order, fast)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
