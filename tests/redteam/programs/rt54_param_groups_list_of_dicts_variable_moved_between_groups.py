"""A hand-written SGD with PyTorch-style parameter groups: GROUPS is a list of dicts, each
{"params": [variables], "lr": float, optional "weight_decay", optional "momentum"}, and a
dict of momentum buffers keyed by the variable's name.  The step walks the groups, reads
each group's keys with g["lr"] and g.get(...), and updates the variables in the group's
list order.  The loop changes one group's lr in place, adds a "weight_decay" key to a
group, moves a variable from one group's list to the other's (so the same variables are
updated with other hyper-parameters), appends a new group, and deletes a key.
Probes: dicts nested in a list read in the step (keys appearing/disappearing, values
edited in place), and lists of variables inside them edited by the loop."""
import random

import numpy

random.seed(5405)
numpy.random.seed(5405)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5405)
rng = np.random.default_rng(5405)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.maximum(XS @ rng.normal(size=(6, 1)), 0.0) - 0.2).astype(np.float32)

W1 = tf.Variable(tf.random.normal((6, 8), seed=11) * 0.3, name="w1")
B1 = tf.Variable(tf.zeros((8,)), name="b1")
W2 = tf.Variable(tf.random.normal((8, 1), seed=12) * 0.3, name="w2")
B2 = tf.Variable(tf.zeros((1,)), name="b2")
ALL = [W1, B1, W2, B2]
GROUPS = [
    {"params": [W1, W2], "lr": 0.05},
    {"params": [B1, B2], "lr": 0.1, "momentum": 0.5},
]
BUF = {}


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(tf.matmul(x, W1) + B1)
        loss = tf.reduce_mean(tf.square(tf.matmul(h, W2) + B2 - y))
    grads = tape.gradient(loss, ALL)
    gmap = {v.name: g for v, g in zip(ALL, grads)}
    touched = []
    for gi, g in enumerate(GROUPS):
        lr = g["lr"]
        wd = g.get("weight_decay", 0.0)
        mom = g.get("momentum", 0.0)
        for v in g["params"]:
            d = gmap[v.name]
            if wd:
                d = d + wd * v
            if mom:
                prev = BUF.get(v.name)
                if prev is not None:
                    d = d + mom * prev
                BUF[v.name] = d
            v.assign_sub(lr * d)
            touched.append((gi, v.name))
    return loss, touched


for step in range(38):
    if step == 6:
        GROUPS[0]["lr"] = 0.03
    if step == 11:
        GROUPS[1]["weight_decay"] = 0.01
    if step == 16:
        GROUPS[1]["params"].append(GROUPS[0]["params"].pop())
    if step == 21:
        GROUPS.append({"params": [GROUPS[1]["params"].pop(0)], "lr": 0.2, "momentum": 0.9})
    if step == 26:
        del GROUPS[1]["momentum"]
    if step == 31:
        GROUPS[0]["params"].insert(0, GROUPS[2]["params"].pop())
        GROUPS[2]["params"].append(B2)
        GROUPS[1]["params"].remove(B2)
    i = (step * 8) % 88
    try:
        loss, touched = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), touched, sorted(BUF))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({v.name: [repr(float(a)) for a in v.numpy().ravel()[:6]] for v in ALL}))
print(json.dumps([{k: (val if k != "params" else [p.name for p in val]) for k, val in g.items()} for g in GROUPS]))
