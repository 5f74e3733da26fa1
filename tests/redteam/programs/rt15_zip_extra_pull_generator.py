"""Probe: CPython's exact pulling order of lazy iterators the step makes, when the
generator being pulled has side effects.

The step makes a generator `terms()` that, before each yield, appends a tag to a global
trace list and prints; it yields penalty terms. The step consumes it through
`zip(terms(), range(k))`: zip pulls the generator FIRST, so when range is exhausted the
generator has already run one more segment (side effects included) and that item is
dropped. A second generator is consumed by `any(...)`, which stops at the first truthy
item (a Python flag decided by a counter), and a third by `next(g, default)` twice on a
generator that yields once. Eager runs exactly those segments, in that order; a runtime
that runs generators to the end, or in another order, or zips the shorter side first,
records other traces, prints other lines and adds other terms. Mechanism: laziness and
argument order of zip/any/next over generators with effects."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1523)
rng = np.random.default_rng(1523)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TRACE = []
COUNTER = [0]


def terms(w):
    for j in range(4):
        TRACE.append(f"t{j}")
        print("  produce term", j)
        yield (0.01 * (j + 1)) * tf.reduce_sum(tf.square(w))


def flags():
    for j in range(5):
        TRACE.append(f"f{j}")
        yield (COUNTER[0] + j) % 3 == 0


def once():
    TRACE.append("once")
    yield 1.0


def train_step(x, y, k):
    COUNTER[0] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        for term, _ in zip(terms(W), range(k)):
            loss = loss + term
    g = tape.gradient(loss, W)
    hit = any(flags())
    o = once()
    a = next(o, 0.5)
    b = next(o, 0.25)
    OPT.apply_gradients([(g * (a + b) * (0.5 if hit else 1.0), W)])
    return loss, hit


for step in range(28):
    k = 1 + step % 3
    i = (step * 8) % 56
    before = len(TRACE)
    loss, hit = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), k)
    print(step, repr(round(float(loss), 6)), hit, TRACE[before:])

print(json.dumps({"trace_len": len(TRACE), "trace_tail": TRACE[-10:],
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
