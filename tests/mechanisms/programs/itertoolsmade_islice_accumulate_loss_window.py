"""islice() of a generator the step made stops pulling after the items it takes (the
generator logs each pull: the log shows how far it ran), accumulate() of a window of
losses the loop appends to, with an initial value and a function; dropwhile and
takewhile over the window."""
import itertools
import json
import operator
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(11)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
PULLS = []
WINDOW = [1.0, 0.9]
SCALES = [0.5, 0.25, 0.125, 0.0625]


def scales():
    for i, s in enumerate(SCALES):
        PULLS.append(i)
        yield s


def train_step(x):
    first = list(itertools.islice(scales(), 1, 3))
    total = list(itertools.accumulate(WINDOW, operator.add, initial=0.0))[-1]
    late = list(itertools.dropwhile(lambda v: v > 0.8, WINDOW))
    early = list(itertools.takewhile(lambda v: v > 0.8, WINDOW))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * first[0]
    w.assign_sub(0.05 * first[1] * tape.gradient(loss, w))
    return loss, total, len(late), len(early)


for i in range(24):
    if i in (8, 16):
        WINDOW.append(0.5 + i / 100)
    loss, total, late, early = train_step(
        tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), total, late, early, len(PULLS), PULLS[-3:])
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
