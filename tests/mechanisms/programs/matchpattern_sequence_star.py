"""`match` on a list of layer widths with sequence patterns (`[a, b]`, `[first,
*rest]`) and on a program class the loop registers as a collections.abc.Sequence at
step 12 (which makes sequence patterns match it), while the list grows in place."""
import collections.abc
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(9)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
WIDTHS = [2, 3]


class Pair:
    def __init__(self, a, b):
        self.items = (a, b)

    def __len__(self):
        return 2

    def __getitem__(self, index):
        return self.items[index]


PAIR = Pair(4, 5)


def train_step(x):
    match WIDTHS:
        case [a, b]:
            tag = a * 10 + b
        case [first, *rest]:
            tag = first + len(rest)
        case _:
            tag = -1
    match PAIR:
        case [p, q]:
            paired = p * q
        case _:
            paired = 0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * (1.0 + tag / 100.0)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, tag, paired


for i in range(24):
    if i == 7:
        WIDTHS.append(8)
    if i == 12:
        collections.abc.Sequence.register(Pair)
    if i == 17:
        WIDTHS.append(9)
    loss, tag, paired = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), tag, paired)
print(w.numpy().ravel().tolist())
