"""A step that returns Python tuples of mixed types: the loss tensor, an int step count,
a float, a bool from a float comparison, None, a str, a numpy float32, a nested tuple,
and the same float object twice (the driver checks `is`). It also stores the returned
tuple in a global and keeps the best loss with min() (identity kept for ties). Step 12:
SHAPE switches the return to a namedtuple. Step 19: to a variable-length tuple (its
length depends on a Python int's parity). Step 26: to a dict. Step 31: back to a plain
tuple, now holding -0.0 / 0.0 results from min/max of signed zeros."""
import collections
import random

import numpy as np
import tensorflow as tf

random.seed(163)
np.random.seed(163)
tf.random.set_seed(163)

rng = np.random.default_rng(197)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

Out = collections.namedtuple("Out", "loss n v better tag")
SHAPE = "tuple"
ST = {"n": 0, "best": float("inf"), "last": None}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    ST["n"] += 1
    v = float(loss)
    better = v < ST["best"]
    ST["best"] = min(ST["best"], v)
    n = ST["n"]
    if SHAPE == "tuple":
        ret = (loss, n, v, better, None, f"n{n}", np.float32(v), (n, (v,)), v)
    elif SHAPE == "named":
        ret = Out(loss, n, v, better, "named")
    elif SHAPE == "varlen":
        ret = (loss, n) + ((v,) if n % 2 else (v, better, -n))
    elif SHAPE == "dict":
        ret = {"loss": loss, "n": n, "v": v}
    else:
        z = v * 0.0
        ret = (loss, n, min(z, -z), max(-z, z), min(-z, z), -z, v)
    ST["last"] = ret
    return ret


def show(v):
    if isinstance(v, tf.Tensor):
        return f"T:{float(v)!r}"
    if isinstance(v, tuple) and not hasattr(v, "_fields"):
        return "(" + ",".join(show(e) for e in v) + ")"
    return f"{type(v).__name__}:{v!r}"


for step in range(37):
    if step == 12:
        SHAPE = "named"
    elif step == 19:
        SHAPE = "varlen"
    elif step == 26:
        SHAPE = "dict"
    elif step == 31:
        SHAPE = "zeros"
    i = (step * 16) % 48
    r = train_step(X[i:i + 16], Y[i:i + 16])
    same = r is ST["last"]
    if isinstance(r, dict):
        body = " ".join(f"{k}={show(v)}" for k, v in r.items())
        alias = r["v"] is ST["last"]["v"]
    elif hasattr(r, "_fields"):
        body = type(r).__name__ + " " + " ".join(show(e) for e in r)
        alias = r.v is ST["last"].v
    else:
        body = f"len{len(r)} " + " ".join(show(e) for e in r)
        alias = r[2] is r[-1]
    print(step, body, same, alias, ST["best"] is r[2] if isinstance(r, tuple) else None)

print("ST", ST["n"], repr(ST["best"]), type(ST["last"]).__name__)
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
