"""Layer-wise learning-rate bookkeeping: the step writes the effective lr it used for the
current block into `LRS[BLOCK] = lr_eff` and increments `USES[BLOCK] += 1`, where BLOCK
is a global int the caller moves through the blocks (every 5 steps), and reads the
neighbour `LRS[BLOCK - 1]` (index -1 at block 0, the last entry).  At step 13 the caller
inserts a new block at the front of both lists (`LRS.insert(0, 0.2)`, `USES.insert(0,
0)`), shifting every position.  Probes: in-place item writes at a Python-int index read
from a global, negative neighbour reads, lists shifted by the caller between calls."""
import random

import numpy

random.seed(4336)
numpy.random.seed(4336)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4336)
rng = np.random.default_rng(4336)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
W = tf.Variable(np.zeros((5, 1), np.float32))
LRS = [0.1, 0.05, 0.02]
USES = [0, 0, 0]
BLOCK = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    neighbour = LRS[BLOCK - 1]
    lr_eff = 0.5 * (LRS[BLOCK] + neighbour)
    W.assign_sub(lr_eff * g)
    LRS[BLOCK] = lr_eff
    USES[BLOCK] += 1
    return loss, neighbour


for step in range(30):
    BLOCK = (step // 5) % 3
    if step == 13:
        LRS.insert(0, 0.2)
        USES.insert(0, 0)
    i = (step * 16) % 112
    loss, neighbour = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, BLOCK, repr(float(loss)), repr(neighbour), [repr(v) for v in LRS], USES)

print(json.dumps({"lrs": [repr(v) for v in LRS], "uses": USES, "W": [repr(float(v)) for v in W.numpy().ravel()]}))
