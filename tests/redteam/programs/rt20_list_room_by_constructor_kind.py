"""Probes the spare room (capacity) of lists the step makes through constructors other
than a display or appends: `str.split(",")`, `str.split()`, `sorted()`, `list(reversed())`,
`[v] * 3`, `list(dict)`, `list(range(n))`, `[*a, v]` and `a + b`.

CPython gives each its own allocation (`"a,b,c".split(",")` keeps room for more items
than it holds; `sorted` and `list(range(n))` allocate exactly; `[*a]` extends), which
`sys.getsizeof` shows and which decides when a later `append` reallocates.  The step
stores these lists in REC; after each call the loop prints `getsizeof` of each, appends
one item to each and prints `getsizeof` again.  TAGLINE, PRIORITIES and NAMEMAP are
globals the loop changes at steps 12, 20 and 28 (other item counts).

A conversion that makes the stored lists anew at commit with a display's or appends'
room, instead of the constructor's, prints other sizes.
"""
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2018)
random.seed(2018)
np.random.seed(2018)
rng = np.random.default_rng(2018)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)

TAGLINE = "lr,wd,bs"
PRIORITIES = [3, 1, 2]
NAMEMAP = {"dense": 1, "head": 2, "emb": 3, "norm": 4, "out": 5}
REC = {}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    lossf = round(float(loss), 6)
    tags = TAGLINE.split(",")
    REC["split_sep"] = tags
    REC["split_ws"] = TAGLINE.replace(",", " ").split()
    REC["sorted"] = sorted(PRIORITIES)
    REC["reversed"] = list(reversed(PRIORITIES))
    REC["repeat"] = [lossf] * 3
    REC["dict_keys"] = list(NAMEMAP)
    REC["range"] = list(range(len(tags)))
    REC["star"] = [*PRIORITIES, lossf]
    REC["concat"] = tags + [str(len(tags))]
    return loss


for step in range(36):
    if step == 12:
        TAGLINE = "lr,wd,bs,warm,decay,clip,ema"
    if step == 20:
        PRIORITIES = [5, 4, 3, 2, 1, 0, 9]
    if step == 28:
        NAMEMAP = {"a": 1, "b": 2}
        TAGLINE = "x"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    before = {k: sys.getsizeof(v) for k, v in REC.items()}
    for v in REC.values():
        v.append(0)
    after = {k: sys.getsizeof(v) for k, v in REC.items()}
    print(step, round(float(loss), 6), sorted(before.items()), sorted(after.items()))

print(json.dumps({
    "rec": {k: [str(x) for x in v] for k, v in sorted(REC.items())},
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
