"""sys.getsizeof of a dict the step fills with six keys and then deletes two of (its
table keeps the size of six), next to one made by a display; from step 10 it deletes
one key more."""
import random
import sys

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(4)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
MODE = {"drop_more": False}
KEPT = {}


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    v = float(loss)
    stats = {}
    for name in ("a", "b", "c", "d", "e", "f"):
        stats[name] = v
    del stats["b"]
    del stats["d"]
    if MODE["drop_more"]:
        del stats["e"]
    KEPT["stats"] = stats
    KEPT["shown"] = {"loss": v, "twice": 2 * v}
    return loss


for i in range(22):
    MODE["drop_more"] = i >= 10
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), sys.getsizeof(KEPT["stats"]), sys.getsizeof(KEPT["shown"]),
          list(KEPT["stats"]))
