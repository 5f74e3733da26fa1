"""The run configuration is a namedtuple whose fields include a list of LR milestones
and a dict of per-layer multipliers: `CFG = RunCfg(lr=0.05, milestones=[8, 16],
mults={"w": 1.0})`.  The step writes `tag = f"cfg={CFG}"` (the namedtuple's generated
__repr__, which reprs the list and the dict as they are now) into a log and prints it.
At step 10 the loop appends a milestone (CFG.milestones.append(20)) and edits a
multiplier in place (CFG.mults["w"] = 0.5); the namedtuple object and the list/dict
objects stay the same.  Probes: repr of a namedtuple (library code compiled from a
string) whose items are containers the loop mutates in place."""
import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2512)
rng = np.random.default_rng(2512)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)

RunCfg = collections.namedtuple("RunCfg", "lr milestones mults")
CFG = RunCfg(lr=0.05, milestones=[8, 16], mults={"w": 1.0})
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(CFG.lr * g)
    tag = f"cfg={CFG}"
    LOG.append(tag)
    print(tag)
    return loss


for step in range(22):
    if step == 10:
        CFG.milestones.append(20)
        CFG.mults["w"] = 0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "log": LOG[9:11]}))
