"""The room of `D.copy()` follows the program dict's HIDDEN table, not its items.

dict.copy() of a compact dict clones its key table as it is (same size, same entries
used), while `dict(D)` and `{**D}` of a dict with deleted entries insert the items into
a table sized for them.  HP is the program's hyper-parameter dict with five keys.  At
step 12 the loop adds a temporary key and deletes it (HP's table has grown to 16
slots; its items, order and length are unchanged); at step 22 it is cleared and
refilled with the same items (small table again); at step 30 two temporary keys come and
go (grown again).  The step makes `cfg = HP.copy()` plus `dict(HP)` and `{**HP}`, adds
four keys to two of the copies (the room decides when they grow), and stores them; the program prints `sys.getsizeof` of each copy.
The contract says dicts the step makes are made with the room the build's have, and a
dict of the program's is guarded by its keys and the items read: a graph built while
HP's table was small passes those guards after step 12 and hands out a copy with the
build's room (eager's copy is larger, 272 bytes against 184 before the added key).
"""
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2132)
random.seed(2132)
np.random.seed(2132)
rng = np.random.default_rng(2132)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)

ITEMS = [("lr", 0.05), ("wd", 0.01), ("mom", 0.5), ("eps", 1e-7), ("clip", 1.0)]
HP = dict(ITEMS)
STATE = {}


def train_step(x, y):
    cfg = HP.copy()
    merged = dict(HP)
    spread = {**HP}
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g, = tape.gradient(loss, [W])
    W.assign_sub(cfg["lr"] * tf.clip_by_norm(g, cfg["clip"]))
    STATE["before"] = [sys.getsizeof(cfg), sys.getsizeof(merged), sys.getsizeof(spread)]
    for extra in ("seen", "a1", "a2", "a3"):
        cfg[extra] = True
        merged[extra] = True
    STATE["cfg"] = cfg
    STATE["merged"] = merged
    STATE["spread"] = spread
    return loss


for step in range(40):
    if step == 12:
        HP["tmp"] = 0
        del HP["tmp"]
    if step == 22:
        HP.clear()
        HP.update(ITEMS)
    if step == 30:
        HP["tmp"] = 0
        HP["tmp2"] = 0
        del HP["tmp"]
        del HP["tmp2"]
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), STATE["before"],
          [sys.getsizeof(STATE[k]) for k in ("cfg", "merged", "spread")], list(STATE["cfg"]))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "sizes": [sys.getsizeof(STATE[k]) for k in ("cfg", "merged", "spread")],
}))
