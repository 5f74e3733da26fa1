"""The training step delegates its bookkeeping to helpers: `record(v)` does `global LOG;
LOG += [v]`, `bad_record(v)` does `LOG2 += [v]` WITHOUT a global declaration (so LOG2 is
a local and every call raises UnboundLocalError before touching anything; the step
catches it and counts in `STATS["unbound"] += 1`), `THIS.LOG3 += [v, n]` extends a list
through the module object (`THIS = sys.modules[__name__]`) and re-stores it as a module
attribute, and `bump(store, key, v)` does `store[key] += v` on a dict passed in (a float
item).  The step then reads `LOG[-1]`, `len(THIS.LOG3)` and `STATS["sum"]`.  The loop
rebinds LOG to a new list at step 10 (the helper must extend the new one), rebinds LOG3
through `globals()` at step 18, and binds a module-level LOG2 at step 24 (still local
inside bad_record: still raises).  Probes: `+=` reached through helpers, module
attributes and the local-vs-global scoping rule."""
import random

import numpy

random.seed(4823)
numpy.random.seed(4823)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4823)
rng = np.random.default_rng(4823)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
THIS = sys.modules[__name__]

LOG = []
LOG3 = []
STATS = {"sum": 0.0, "unbound": 0, "n": 0}


def record(v):
    global LOG
    LOG += [v]


def bad_record(v):
    LOG2 += [v]  # noqa: F821 -- a local, unbound at this point


def bump(store, key, v):
    store[key] += v


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    v = float(loss)
    record(v)
    try:
        bad_record(v)
    except UnboundLocalError as e:
        bump(STATS, "unbound", 1)
        msg = str(e)
    THIS.LOG3 += [v, STATS["n"]]
    bump(STATS, "sum", v)
    bump(STATS, "n", 1)
    return loss, LOG[-1], len(THIS.LOG3), STATS["sum"], msg


first_log = LOG
first_log3 = LOG3
for step in range(30):
    if step == 10:
        LOG = ["restart"]
    if step == 18:
        globals()["LOG3"] = []
    if step == 24:
        LOG2 = ["module"]
    i = (step * 8) % 56
    loss, last, n3, total, msg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(last), n3, repr(total), msg, STATS["unbound"], len(LOG), LOG is first_log,
          len(first_log), LOG3 is first_log3, len(first_log3))

print(json.dumps({"log": [repr(v) if isinstance(v, float) else v for v in LOG[-4:]], "first": len(first_log),
                  "log3": [repr(v) if isinstance(v, float) else v for v in LOG3[-4:]],
                  "stats": {k: repr(v) for k, v in STATS.items()}, "log2": LOG2,
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
