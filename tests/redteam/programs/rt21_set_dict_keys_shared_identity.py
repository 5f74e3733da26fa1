"""Computed keys shared between the step's set, dicts and lists keep one identity.

The step computes keys (tuples `(name, len(NAMES) * 1000 + i)` holding a large int,
and f-strings) and puts THE SAME objects into a list, a set and two dicts it returns.
In CPython each key is one object in all four places (`list(d)[j] is keys[j]`, the set's
item is the list's item), a new object at every call (nothing is shared with the
previous call's record), and when two EQUAL tuples are added to the set the first one
added stays (`s.add(b)` after `s.add(a)` keeps `a`; `d[b] = v` after `d[a] = u` keeps
key `a`).  The contract says a dict key or set item the call made is made anew for
each call's dict or set: made per container, the set's item and the dict's key would
be two objects where eager has one; made once per build, two calls' records would share
keys.  Mid-run the program appends a name (step 12: more keys, other large ints) and
flips which of the equal tuples is added first (step 24).  Printed: identity checks
within a record and across consecutive records; the records are also kept in HIST.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2103)
random.seed(2103)
np.random.seed(2103)
rng = np.random.default_rng(2103)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.03)

NAMES = ["enc", "dec"]
FIRST_A = True
HIST = []


def train_step(x, y):
    keys = []
    base = len(NAMES) * 1000
    for i, n in enumerate(NAMES):
        keys.append((n, base + i))
        keys.append(f"{n}:{base + i}")
    dup_a = (NAMES[0], base + 77)
    dup_b = (NAMES[0], base + 77)
    s = set()
    d = {}
    if FIRST_A:
        s.add(dup_a)
        s.add(dup_b)
        d[dup_a] = 1
        d[dup_b] = 2
    else:
        s.add(dup_b)
        s.add(dup_a)
        d[dup_b] = 1
        d[dup_a] = 2
    d2 = {}
    for k in keys:
        s.add(k)
        d[k] = len(d)
        d2[k] = -len(d2)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.001 * len(s))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    rec = {"keys": keys, "set": s, "d": d, "d2": d2, "a": dup_a, "b": dup_b}
    HIST.append(rec)
    return loss, rec


def same_obj_in(container, obj):
    return any(item is obj for item in container)


for step in range(40):
    if step == 12:
        NAMES.append("head")
    if step == 24:
        FIRST_A = False
    i = (step * 8) % 88
    loss, rec = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    keys = rec["keys"]
    dkeys = list(rec["d"])
    checks = [
        all(same_obj_in(rec["set"], k) for k in keys),
        all(dkeys[j + 1] is keys[j] for j in range(len(keys))),
        all(list(rec["d2"])[j] is keys[j] for j in range(len(keys))),
        same_obj_in(rec["set"], rec["a"]), same_obj_in(rec["set"], rec["b"]),
        dkeys[0] is rec["a"], dkeys[0] is rec["b"],
        rec["a"] is rec["b"],
        rec["a"][1] is rec["b"][1],
    ]
    if len(HIST) >= 2:
        prev = HIST[-2]
        checks.append(any(k is p for k in keys for p in prev["keys"]))
        checks.append(any(k is p for k in rec["set"] for p in prev["set"]))
    print(step, repr(float(loss)), len(rec["set"]), len(rec["d"]),
          "".join("1" if c else "0" for c in checks), sorted(map(repr, keys))[:3])

last = HIST[-1]
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "keys": sorted(map(repr, last["keys"])),
    "d": sorted((repr(k), v) for k, v in last["d"].items()),
    "iterations": int(OPT.iterations.numpy()),
}))
