"""User objects with __eq__/__hash__ that depend on mutable state, used as dict keys and
list members inside the step. Phase objects hash and compare by their integer `code`;
the step looks the current phase up in an LR table keyed by Phase objects (dict lookup
runs __hash__ and __eq__), tests `CURRENT in SCHEDULE`, calls SCHEDULE.index(CURRENT)
and compares CURRENT == WARM. Step 12: CURRENT.code is mutated in place to WARM's code
(it now equals WARM and finds WARM's table entry). Step 19: the class's __eq__ is
replaced by one that also compares names. Step 25: WARM.code and CURRENT.code are mutated in
place to 4 (WARM's dict entry, stored under hash 1, is unreachable by hash; the list
still finds it). Step 31: the class __hash__ is replaced by a constant 1 (WARM's entry
is found again)."""
import random

import numpy as np
import tensorflow as tf

random.seed(73)
np.random.seed(73)
tf.random.set_seed(73)

rng = np.random.default_rng(107)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))


class Phase:
    def __init__(self, name, code):
        self.name = name
        self.code = code

    def __eq__(self, other):
        return isinstance(other, Phase) and self.code == other.code

    def __hash__(self):
        return self.code

    def __repr__(self):
        return f"Phase({self.name},{self.code})"


WARM = Phase("warm", 1)
MAIN = Phase("main", 2)
COOL = Phase("cool", 3)
LR_TABLE = {WARM: 0.01, MAIN: 0.05, COOL: 0.002}
SCHEDULE = [WARM, MAIN, COOL]
CURRENT = Phase("cur", 2)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    lr = LR_TABLE.get(CURRENT, 0.03)
    member = CURRENT in SCHEDULE
    pos = SCHEDULE.index(CURRENT) if member else -1
    warm = CURRENT == WARM
    if warm:
        lr = lr * 0.5
    W.assign_sub(lr * g)
    return loss, lr, member, pos, warm


def eq_with_name(self, other):
    return isinstance(other, Phase) and self.code == other.code and self.name[0] == other.name[0]


for step in range(37):
    if step == 12:
        CURRENT.code = 1
    elif step == 19:
        Phase.__eq__ = eq_with_name
    elif step == 25:
        WARM.code = 4
        CURRENT.code = 4
        CURRENT.name = "wcur"
    elif step == 31:
        Phase.__hash__ = lambda self: 1
    i = (step * 16) % 48
    loss, lr, member, pos, warm = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), repr(lr), member, pos, warm, CURRENT)

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("table", [(repr(k), v) for k, v in LR_TABLE.items()], WARM in LR_TABLE, COOL in LR_TABLE)
