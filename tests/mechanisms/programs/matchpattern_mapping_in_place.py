"""`match` on a configuration dict with mapping patterns (`{"lr": lr, "clip": clip}`,
then `{"lr": lr, **rest}`): the loop deletes "clip" from the same dict at step 9, adds
another key at step 13 and puts "clip" back at step 18, all in place."""
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(8)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = {"lr": 0.05, "clip": 2.0}


def train_step(x):
    match OPT:
        case {"lr": lr, "clip": clip}:
            scale, extra = lr * clip, 0
        case {"lr": lr, **rest}:
            scale, extra = lr, len(rest)
        case _:
            scale, extra = 1.0, -1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * scale
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, extra


for i in range(24):
    if i == 9:
        del OPT["clip"]
    if i == 13:
        OPT["momentum"] = 0.9
    if i == 18:
        OPT["clip"] = 0.5
    loss, extra = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), extra)
print(w.numpy().ravel().tolist(), OPT)
