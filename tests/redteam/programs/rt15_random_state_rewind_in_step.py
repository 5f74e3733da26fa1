"""Probe: the step saves and restores Python's and numpy's global RNG states itself,
around draws, to make "paired" augmentations.

Each step: `st = random.getstate()`, draws `random.random()` for a jitter `a`, then
`random.setstate(st)` and draws again (eager: the same number `b == a`), then draws a
third number that moves the stream on. Likewise with numpy's legacy global state:
`ns = np.random.get_state()`, `np.random.rand()`, `np.random.set_state(ns)`,
`np.random.rand()`. Every 5th step it instead does `random.seed(step)` inside the step.
Eager's numbers follow the rewinds exactly; a runtime that replays draws "in program
order" by calling the generator before the graph, without also replaying the
getstate/setstate between them (or that treats setstate as pure), gets b != a and moves
the stream by another amount. Final generator states are compared. Mechanism: RNG
state save/restore and reseeding as effects interleaved with draws."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1533)
rng = np.random.default_rng(1533)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
PAIRS = []


def train_step(x, y, n):
    if n % 5 == 4:
        random.seed(n)
    st = random.getstate()
    a = random.random()
    random.setstate(st)
    b = random.random()
    c = random.random()
    ns = np.random.get_state()
    p = np.random.rand()
    np.random.set_state(ns)
    q = np.random.rand()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x * (1.0 + 0.1 * a)) @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g * (1.0 + b - c + p - q), W)])
    PAIRS.append((a == b, p == q))
    return loss, a, c, p


for step in range(30):
    i = (step * 8) % 56
    loss, a, c, p = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)), repr(a), repr(c), repr(p), PAIRS[-1])

print(json.dumps({"py_next": random.random(), "np_next": float(np.random.rand()),
                  "all_pairs_equal": all(x and y for x, y in PAIRS),
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
