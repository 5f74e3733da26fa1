"""A str the step formats from a number that changes between calls (`"lr_" +
str(PHASE)`, an f-string) is compared with `==` against the key the previous call
stored.  Once the number is a graph input, the str exists only after the graph has run:
`==` at build time must not answer for janus's stand-in (its default `==` is identity),
so the number is specialised again and the comparison is eager's."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(11)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
PHASE = 1
PREV = (None, None)
SAME = []


def train_step(x):
    global PREV
    key = "lr_" + str(PHASE)
    tag = f"p{PHASE:02d}"
    SAME.append((key == PREV[0], tag != PREV[1]))
    PREV = (key, tag)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * (1.0 if key == "lr_1" else 0.5)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(30):
    PHASE = 1 + i // 7
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), SAME[-1], PREV)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
