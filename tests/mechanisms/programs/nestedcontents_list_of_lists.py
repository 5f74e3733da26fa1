"""A step walks a global list of lists (layer groups) with nested for-loops and counts
the names a second global knows; the loop appends to an inner list at step 7, replaces
an item of another inner list at step 11, and appends a new group at step 15.  The
outer list's guard pins which lists it holds; what each inner list holds is guarded
where the step iterates it."""
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
tf.random.set_seed(0)
GROUPS = [["a", "b"], ["b", "c"], ["d"]]
KNOWN = ["a", "b", "c"]
W = tf.Variable(1.0)


def train_step(x):
    known = 0
    total = 0
    for group in GROUPS:
        for name in group:
            total += 1
            if name in KNOWN:
                known += 1
    W.assign_add(x * known / total)
    return known, total


for step in range(20):
    if step == 7:
        GROUPS[0].append("z")
    if step == 11:
        GROUPS[1][1] = "a"
    if step == 15:
        GROUPS.append(["c", "c"])
    print(step, train_step(tf.constant(1.0)), round(float(W.numpy()), 5))
