"""Parameter groups kept as a global list of `Group` objects (name, priority, lr scale).
Each step sorts the list in place by priority (`GROUPS.sort(key=lambda g: g.priority)`;
stable for ties), takes the first group's scale for the hidden layer and
`GROUPS.index(FOCUS)` (position of a group object, compared by identity since Group
has no `__eq__`) for the output layer, and bumps the focused group's priority by 1.
Between calls the loop changes one group's priority attribute without touching the
list (step 6), creates a tie (step 12), appends a new group (step 18) and switches
FOCUS to another object (step 24).
Probes: list.sort() in place on the program's list with a key reading attributes that
change between calls (and that the step itself writes), stability on ties, index() of
an object, the sorted order persisting in the caller's list."""
import random

import numpy

random.seed(5530)
numpy.random.seed(5530)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5530)
rng = np.random.default_rng(5530)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :2].prod(axis=1, keepdims=True) + XS[:, 4:5]).astype(np.float32)


class Group:
    def __init__(self, name, priority, scale):
        self.name = name
        self.priority = priority
        self.scale = scale


GROUPS = [Group("a", 3, 1.0), Group("b", 1, 0.5), Group("c", 2, 2.0)]
FOCUS = GROUPS[1]
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
HISTORY = []


def train_step(x, y):
    GROUPS.sort(key=lambda g: g.priority)
    first = GROUPS[0]
    pos = GROUPS.index(FOCUS)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.02 * first.scale * g1)
    W2.assign_sub(0.02 / (1 + pos) * g2)
    FOCUS.priority += 1
    HISTORY.append("".join(g.name for g in GROUPS))
    return loss


for step in range(30):
    if step == 6:
        GROUPS[2].priority = -1
    if step == 12:
        GROUPS[0].priority = GROUPS[1].priority
    if step == 18:
        GROUPS.append(Group("d", 0, 0.25))
    if step == 24:
        FOCUS = GROUPS[-1]
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), HISTORY[-1], [g.priority for g in GROUPS], FOCUS.name)

print(json.dumps({"order": [g.name for g in GROUPS], "prio": [g.priority for g in GROUPS],
                  "w2": [repr(float(t)) for t in W2.numpy().ravel()]}))
