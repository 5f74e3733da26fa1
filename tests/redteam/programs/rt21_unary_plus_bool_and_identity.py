"""Unary +, -, ~ and abs() of Python numbers the step computes: types and identity.

In CPython `+flag` of a bool is the INT 1 or 0 (bool has no __pos__ of its own; int's
makes an int), and so are `-flag`, `~flag` and `abs(flag)`; `+v` of an exact float or
int is THE SAME object (`+v is v`), and `+(-0.0)` keeps the sign.  The step computes
`flag = float(loss) > LIMIT` (a bool the graph computes), prints `+flag` with `!r` and
its type name, adds `+flag` to a counter, stores `+v`, `+n` (a large int computed from
the loss) next to `v` and `n`, and returns `+flag`.  A conversion that treats unary +
as "no op" keeps the value tagged as a bool (prints `True`, returns a bool where eager
returns the int 1); one that makes unary + a new computed value hands out a copy, so
`STATE["pv"] is STATE["v"]` turns False.  LIMIT changes at step 12 and step 26 so the
bool flips mid-run.  `~flag` on a bool also makes CPython 3.13 warn
(DeprecationWarning, from the program's own line) at every call once the loop's
warnings filter says "always" (from step 16; "ignore" before): the loop records the
warnings of each call and prints how many it saw; a graph that computes `~` as an int
op shows none.
"""
import json
import random
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2105)
random.seed(2105)
np.random.seed(2105)
rng = np.random.default_rng(2105)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

LIMIT = 100.0
STATE = {"count": 0, "best": 1e9}
RETS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    v = float(loss)
    flag = v > LIMIT
    p = +flag
    STATE["count"] = STATE["count"] + p
    STATE["v"] = v
    STATE["pv"] = +v
    n = int(v * 1e6) + 10 ** 12
    STATE["n"] = n
    STATE["pn"] = +n
    STATE["neg"] = -flag
    STATE["inv"] = ~flag
    STATE["abs"] = abs(flag)
    z = v * 0.0 * (-1.0 if flag else 1.0)
    STATE["pz"] = +z
    best = STATE["best"]
    STATE["pbest"] = +best
    print(f"flag={flag!r} +flag={p!r} {type(p).__name__} -flag={-flag!r} "
          f"~flag={~flag!r} abs={abs(flag)!r} pz={+z!r}")
    return loss, p


for step in range(40):
    if step == 12:
        LIMIT = 0.5
    if step == 26:
        LIMIT = 0.9
    i = (step * 8) % 88
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always" if step >= 16 else "ignore")
        loss, p = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print("warnings", [(w.category.__name__, w.lineno) for w in caught])
    RETS.append(p)
    print(step, repr(float(loss)), repr(p), type(p).__name__, repr(STATE["count"]),
          type(STATE["count"]).__name__,
          STATE["pv"] is STATE["v"], STATE["pn"] is STATE["n"], STATE["pbest"] is STATE["best"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "rets": [repr(r) for r in RETS],
    "ret_types": sorted({type(r).__name__ for r in RETS}),
    "state": {k: [repr(v), type(v).__name__] for k, v in sorted(STATE.items())},
    "iterations": int(OPT.iterations.numpy()),
}))
