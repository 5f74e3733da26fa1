"""`LOG += (a, b)` on a module list with a tuple of Python values the step computes from
its configuration (list's `+=` takes any iterable: a tuple here); the loop rebinds LOG
to a new list mid-run, and the step extends that one."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(43)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
LOG = ["start"]
CFG = {"lr": 0.05}


def train_step(x):
    global LOG
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(CFG["lr"] * tape.gradient(loss, w))
    LOG += (CFG["lr"], "done")
    return loss


FIRST = LOG
for i in range(24):
    if i == 8:
        CFG["lr"] = 0.02
    if i == 15:
        LOG = []
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), len(LOG), LOG is FIRST, LOG[-2:])
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]), len(FIRST))
