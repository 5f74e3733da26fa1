"""Probe: lazy iterators made inside hot functions escape them unconsumed, and read
program state only when the caller consumes them later.

`train_step` (tape) returns, besides the loss, `scaled = map(scale_row, tf.unstack(per))`
(a C map object over per-example losses, calling the program's module-level function
`scale_row`, which reads the global SCALE), and a generator expression
`(round(float(v) * SCALE, 6) for v in tf.unstack(per))`. `evaluate(x)` (no tape, hot by
ops) returns `filter(None, map(is_hit, ...))` and `enumerate(...)` objects. The caller
changes SCALE (and replaces the `scale_row` function's behaviour through a global
flag) AFTER the call returns and BEFORE it consumes the iterators, consumes only part
of some of them, and consumes the generator twice (the second time it is exhausted).
Eager evaluates each item when it is pulled, with SCALE as it is then. A runtime that
computes the items inside the graph (at call time) and hands back a pre-filled
iterator shows the old SCALE, and one that returns a list shows it is not exhausted.
Mechanism: laziness of map/filter/enumerate/genexpr objects that leave a converted
function."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1547)
rng = np.random.default_rng(1547)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALE = 1.0
MODE = ["plain"]
PULLS = [0]


def scale_row(v):
    PULLS[0] += 1
    f = float(v) * SCALE
    return round(f if MODE[0] == "plain" else -f, 6)


def is_hit(v):
    return float(v) > 0.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        per = tf.reshape(tf.square(x @ W - y), [-1])
        loss = tf.reduce_mean(per)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    scaled = map(scale_row, tf.unstack(per))
    gen = (round(float(v) * SCALE, 6) for v in tf.unstack(per))
    return loss, scaled, gen


def evaluate(x):
    pred = tf.reshape(x @ W, [-1])
    return filter(None, map(is_hit, tf.unstack(pred))), enumerate(tf.unstack(pred), start=10)


for step in range(28):
    SCALE = 1.0
    i = (step * 8) % 56
    loss, scaled, gen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    hits, numbered = evaluate(tf.constant(XS[i:i + 8]))
    SCALE = 2.0 + step
    if step == 14:
        MODE[0] = "negated"
    first_two = [next(scaled), next(scaled)]
    SCALE = 0.5
    rest = list(scaled)
    g1 = list(gen)
    g2 = list(gen)
    n_hits = sum(1 for _ in hits)
    idx, val = next(numbered)
    print(step, repr(round(float(loss), 6)), first_two, rest[:2], g1[:2], len(g2), n_hits,
          idx, round(float(val), 6), PULLS[0])

print(json.dumps({"pulls": PULLS[0], "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
