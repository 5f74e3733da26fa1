"""Names the step formats from a counter that changes each call are looked up in a
set and a list of names the loop keeps (`name in SEEN`, `NAMES.index(name)`) and in a
dict the loop keeps.  Hashing or comparing janus's stand-in for a str the graph formats would
answer by its identity: the build must answer for the str itself."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(12)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
SEEN = {"run_2", "run_5"}
NAMES = ["run_0", "run_3", "run_4"]
LOG = []
COUNTS = {"run_1": 3, "run_4": 1}
EPOCH = 0


def train_step(x):
    name = f"run_{EPOCH % 6}"
    hit = name in SEEN
    where = NAMES.index(name) if name in NAMES else -1
    LOG.append((name, COUNTS.get(name, 0)))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * (2.0 if hit else 1.0)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, hit, where


for i in range(24):
    EPOCH = i // 2
    loss, hit, where = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), hit, where, LOG[-1])
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
