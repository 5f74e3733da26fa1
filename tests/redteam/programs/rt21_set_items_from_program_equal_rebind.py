"""Set items and dict keys the step takes from the program's list, replaced by EQUAL objects.

The step builds `tags = set(NAMES)`, `index = {n: i for i, n in enumerate(NAMES)}` and
`ids = {BIG_IDS[0], BIG_IDS[1]}` from the program's lists (strs made at run time and
large ints, so none is interned or cached) and stores them.  In CPython these
containers hold the program's OWN objects: `any(t is NAMES[0] for t in tags)` is True,
the dict's first key is NAMES[0], the set of ids holds BIG_IDS[0] itself.  Strs and
ints are guarded by value, so when the loop replaces NAMES[0], NAMES[1] and BIG_IDS[0]
by equal but distinct objects (steps 12 and 24), the guards still hold; the contract
says a set the step makes is a replica of the build's table and an object read from
outside the call is read again where it was when the results are made.  A replica
holding the objects the build saw (or copies) makes the identity checks False where
eager's are True.  At step 30 NAMES[1] changes value (a real rebuild).
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2134)
random.seed(2134)
np.random.seed(2134)
rng = np.random.default_rng(2134)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)


def fresh(text):
    return "".join(list(text))


def big(n):
    return int(str(n))


NAMES = [fresh("encoder"), fresh("decoder"), fresh("head")]
BIG_IDS = [big(10 ** 12 + 7), big(10 ** 12 + 9)]
KEEP = {}


def train_step(x, y):
    tags = set(NAMES)
    index = {n: i for i, n in enumerate(NAMES)}
    ids = {BIG_IDS[0], BIG_IDS[1]}
    KEEP["tags"] = tags
    KEEP["index"] = index
    KEEP["ids"] = ids
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * (len(tags) + len(index)))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(40):
    if step in (12, 24):
        NAMES[0] = fresh(NAMES[0])
        NAMES[1] = fresh(NAMES[1])
        BIG_IDS[0] = big(BIG_IDS[0])
    if step == 30:
        NAMES[1] = fresh("neck")
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    keys = list(KEEP["index"])
    checks = [
        any(t is NAMES[0] for t in KEEP["tags"]),
        any(t is NAMES[1] for t in KEEP["tags"]),
        keys[0] is NAMES[0], keys[1] is NAMES[1],
        any(v is BIG_IDS[0] for v in KEEP["ids"]),
        any(v is BIG_IDS[1] for v in KEEP["ids"]),
    ]
    print(step, repr(float(loss)), "".join("1" if c else "0" for c in checks),
          sorted(KEEP["tags"]), keys, sorted(KEEP["ids"]))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "tags": sorted(KEEP["tags"]), "index": list(KEEP["index"].items()),
    "iterations": int(OPT.iterations.numpy()),
}))
