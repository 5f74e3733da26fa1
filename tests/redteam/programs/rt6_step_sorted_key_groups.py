"""Layer-wise learning rates over the program's own parameter-group objects. Each step
orders the groups with sorted(key=..., reverse=True) (stable for equal keys), gives each
successive group a smaller scale, picks max(..., key=weight) and min over
zip(groups, budgets) with a key, and enumerates. Step 12: a PRIORITY entry changes (new
order). Step 18: two group weights tie (max keeps the first). Step 24: the GROUPS list is
reversed in place (ties now resolve the other way, and equal priorities keep the new
list order). Step 30: PRIORITY gets an int and a float that compare equal (1 and 1.0)."""
import random

import numpy as np
import tensorflow as tf

random.seed(29)
np.random.seed(29)
tf.random.set_seed(29)

rng = np.random.default_rng(53)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(np.tanh(rng.normal(size=(64, 4)) @ rng.normal(size=(4, 2))), dtype=tf.float32)

VARS = [
    tf.Variable(rng.normal(size=(4, 6)).astype("float32") * 0.4, name="w1"),
    tf.Variable(np.zeros(6, "float32"), name="b1"),
    tf.Variable(rng.normal(size=(6, 2)).astype("float32") * 0.4, name="w2"),
    tf.Variable(np.zeros(2, "float32"), name="b2"),
]


class Group:
    def __init__(self, name, idx, weight):
        self.name, self.idx, self.weight = name, idx, weight

    def __repr__(self):
        return f"Group({self.name})"


GROUPS = [Group("body", (0, 1), 2.0), Group("head", (2, 3), 1.5), Group("bias", (1, 3), 0.5)]
PRIORITY = {"body": 3, "head": 2, "bias": 1}
BUDGETS = [0.7, 0.2, 0.2]
LR = 0.1
DECAY = 0.5
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ VARS[0] + VARS[1])
        loss = tf.reduce_mean(tf.square(h @ VARS[2] + VARS[3] - y))
    grads = tape.gradient(loss, VARS)
    order = sorted(GROUPS, key=lambda grp: PRIORITY[grp.name], reverse=True)
    scale = 1.0
    used = []
    for rank, grp in enumerate(order):
        for idx in grp.idx:
            VARS[idx].assign_sub((LR * scale) * grads[idx])
        used.append((rank, grp.name, scale))
        scale *= DECAY
    boss = max(GROUPS, key=lambda grp: grp.weight)
    poorest = min(zip(GROUPS, BUDGETS), key=lambda pair: pair[1])[0]
    LOG.append((boss.name, poorest.name))
    return loss, boss, poorest, used


for step in range(36):
    if step == 12:
        PRIORITY["bias"] = 5
    elif step == 18:
        GROUPS[1].weight = 2.0
    elif step == 24:
        GROUPS.reverse()
    elif step == 30:
        PRIORITY.update(body=1, head=1.0, bias=1)
    i = (step * 16) % 48
    loss, boss, poorest, used = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), boss, poorest, boss is GROUPS[0], used)

print("LOG", LOG[-6:], len(LOG))
for v in VARS:
    print(v.name, repr(float(tf.reduce_sum(tf.cast(v, tf.float64)))))
print("GROUPS", GROUPS, PRIORITY)
