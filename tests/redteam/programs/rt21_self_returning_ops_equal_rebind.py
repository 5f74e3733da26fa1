"""Operations that hand back their operand, on globals rebound to EQUAL new objects.

CPython returns the operand itself from many operations on exact immutable types:
`frozenset(G)`, `G.copy()`, `tuple(T)`, `T[:]`, `T + ()`, `T * 1`, `S[:]`, `f"{S}"`,
`"%s" % S`, `str(S)`, `+X`, `abs(X)`, `round(X)`, `int(X)` for a large int X.  The step
stores those results in a dict, next to results that are new objects (`(*T,)`,
`G | G`, `X + 0`).  The program's globals are tuples/strs/frozensets/large ints, which
a guard may compare BY VALUE (the contract: constants compared exactly, tuples item by
item).  At steps 12 and 24 the program rebinds S, T, G and X to equal but distinct
objects (same value, same types).  A value guard still holds, so a graph that returns
the object it saw while building (or a copy) stores the old or a fresh object; eager
stores the NEW global object, and `KEEP["t_slice"] is T` etc. stay True.  At step 32
G is rebound to `frozenset({1, 2, 3.0})` (equal to the old one) and `sum(frozenset(G))`
becomes a float.  Printed: which results are the current globals, per step.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2104)
random.seed(2104)
np.random.seed(2104)
rng = np.random.default_rng(2104)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)


def fresh_globals(tag):
    s = "".join(["warm", "up", "_", "phase"])
    t = tuple([1, 2, "".join(["x", "y"])])
    g = frozenset([1, 2, 3]) if tag < 2 else frozenset([1, 2, 3.0])
    x = int("1" + "0" * 30)
    return s, t, g, x


S, T, G, X = fresh_globals(0)
KEEP = {}


def train_step(x, y):
    KEEP["fz"] = frozenset(G)
    KEEP["g_copy"] = G.copy()
    KEEP["g_or"] = G | G
    KEEP["t_tuple"] = tuple(T)
    KEEP["t_slice"] = T[:]
    KEEP["t_add"] = T + ()
    KEEP["t_mul"] = T * 1
    KEEP["t_star"] = (*T,)
    KEEP["s_slice"] = S[:]
    KEEP["s_fmt"] = f"{S}"
    KEEP["s_pct"] = "%s" % S
    KEEP["s_str"] = str(S)
    KEEP["x_pos"] = +X
    KEEP["x_abs"] = abs(X)
    KEEP["x_round"] = round(X)
    KEEP["x_int"] = int(X)
    KEEP["x_add"] = X + 0
    k = sum(frozenset(G))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * k)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, k


ORDER = ["fz", "g_copy", "g_or", "t_tuple", "t_slice", "t_add", "t_mul", "t_star",
         "s_slice", "s_fmt", "s_pct", "s_str", "x_pos", "x_abs", "x_round", "x_int", "x_add"]
SOURCE = {"f": "G", "g": "G", "t": "T", "s": "S", "x": "X"}

for step in range(40):
    if step in (12, 24, 32):
        S, T, G, X = fresh_globals({12: 0, 24: 1, 32: 2}[step])
    i = (step * 8) % 88
    loss, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    current = {"G": G, "T": T, "S": S, "X": X}
    bits = "".join("1" if KEEP[n] is current[SOURCE[n[0]]] else "0" for n in ORDER)
    print(step, repr(float(loss)), repr(k), bits)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "keep": {n: repr(sorted(v, key=float) if isinstance(v, frozenset) else v)
             for n, v in KEEP.items()},
    "iterations": int(OPT.iterations.numpy()),
}))
