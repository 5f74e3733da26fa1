"""Probes: fresh immutable identities through operations that return their operand.

The contract copies every float/large int/str/tuple a step computes into a fresh object
at commit, "one copy per value", and keeps a result that "is one of its operands" as
that object (`s.strip()` with nothing to strip).  CPython has more such identity
shortcuts: float(f), int(n), round(n), min(f, f + 1.0) and max(f, f - 1.0) (the first
argument itself), max(n, n - 5), tuple(t), t[:] and f"{s}" all return the very object
they were given.  The step computes a float, a large int, a tag string and a tuple from
graph values and stores each next to such an operation on it; the loop records whether
each pair is one object (True in eager on every call).  From step 12 the float
conversion goes through a helper, and from step 20 the tuple holds the converted float.
A builder that treats the result as a new computed value commits two copies.
(`+v` and `str(tag)` of graph values are refused by janus, so they are left out.)"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1805)
rng = np.random.default_rng(1805)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.03)

MODE = {"helper": False, "tuple_conv": False}


class Box:
    pass


BOX = Box()


def through(v):
    return float(v)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    v = float(loss) * 3.0
    n = int(float(loss) * 1e6) + 100000
    tag = f"loss={v:.5f}"
    BOX.f = v
    BOX.f_float = through(v) if MODE["helper"] else float(v)
    BOX.f_pos = max(v, v - 1.0)
    BOX.f_min = min(v, v + 1.0)
    BOX.n = n
    BOX.n_int = int(n)
    BOX.n_pos = max(n, n - 5)
    BOX.n_round = round(n)
    BOX.s = tag
    BOX.s_str = tag
    BOX.s_fmt = f"{tag}"
    pair = (BOX.f_float if MODE["tuple_conv"] else v, n)
    BOX.t = pair
    BOX.t_tuple = tuple(pair)
    BOX.t_slice = pair[:]
    return loss


RECORDS = []
for step in range(30):
    if step == 12:
        MODE["helper"] = True
    if step == 20:
        MODE["tuple_conv"] = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    rec = [BOX.f_float is BOX.f, BOX.f_pos is BOX.f, BOX.f_min is BOX.f,
           BOX.n_int is BOX.n, BOX.n_pos is BOX.n, BOX.n_round is BOX.n,
           BOX.s_str is BOX.s, BOX.s_fmt is BOX.s,
           BOX.t_tuple is BOX.t, BOX.t_slice is BOX.t, BOX.t[0] is BOX.f]
    RECORDS.append(rec)
    print(step, repr(float(loss)), repr(BOX.f), BOX.n, BOX.s, "".join("1" if r else "0" for r in rec))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "all_true_per_column": [all(r[k] for r in RECORDS) for k in range(11)],
    "t0_is_f_from_20": [r[10] for r in RECORDS[20:]],
    "types": [type(BOX.f).__name__, type(BOX.n).__name__, type(BOX.s).__name__, type(BOX.t).__name__],
}))
