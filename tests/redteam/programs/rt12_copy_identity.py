"""Objects the step makes through LIBRARY helpers rather than a class call:
dataclasses.replace(CFG, ...) (a new Cfg each call, made by stdlib code), copy.copy(META)
(a new dict each call) and copy.deepcopy(NESTED).  The step reads the learning rate from its
replaced config and stores all three in history lists.  Step 10: CFG.lr changes.  Step 20:
the program edits the snapshot stored at step 19 and the dict copy stored at step 19 in
place.  At the end it prints how many DISTINCT objects each history holds and the tags.
Eager makes a new object per call, so edits touch one entry only.  Probes: identity and
freshness of objects made by library code inside a converted call (folded once at build
time vs. made anew at each commit)."""
import copy
import dataclasses
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1229)
rng = np.random.default_rng(1229)


@dataclasses.dataclass
class Cfg:
    lr: float
    tag: str
    calls: int = 0


XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
CFG = Cfg(lr=0.05, tag="base")
META = {"kind": "sgd", "tag": "m"}
NESTED = {"sched": [1, 2, 3], "name": "n"}
SNAPS = []
METAS = []
DEEP = []


def train_step(x, y):
    cfg = dataclasses.replace(CFG, tag="snap")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(cfg.lr * g)
    SNAPS.append(cfg)
    METAS.append(copy.copy(META))
    DEEP.append(copy.deepcopy(NESTED))
    return loss


for step in range(30):
    if step == 10:
        CFG.lr = 0.02
    if step == 20:
        SNAPS[-1].tag = "edited"
        METAS[-1]["tag"] = "edited"
        DEEP[-1]["sched"].append(99)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SNAPS[-1].lr, SNAPS[-1].tag)

print(json.dumps({
    "distinct_snaps": len({id(s) for s in SNAPS}),
    "distinct_metas": len({id(m) for m in METAS}),
    "distinct_deep": len({id(d) for d in DEEP}),
    "distinct_deep_lists": len({id(d["sched"]) for d in DEEP}),
    "snap_tags": [s.tag for s in SNAPS],
    "snap_lrs": [s.lr for s in SNAPS],
    "meta_tags": [m["tag"] for m in METAS],
    "deep_lens": [len(d["sched"]) for d in DEEP],
    "W": [repr(float(v)) for v in W.numpy().ravel()],
}))
