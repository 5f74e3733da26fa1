"""Probe: Python int shifts and bit operations whose operands the graph computes.

Each step turns the loss into a Python int code `q = int(loss * 1000)` and derives from
it: `q << s` with shift counts that grow past 63 (Python ints never wrap; int64 TF
shifts are undefined/wrap past 63), `q >> (k - 40)` where the count becomes negative for
some steps (Python raises ValueError "negative shift count", caught by the step, which
then applies a smaller update), `~q`, `q ^ (q >> 1)` (Gray code), `(-q) >> 3`
(arithmetic shift of a negative int), `q.bit_length()` and `q.bit_count()`. The results
are stored in a history list and printed. Contract: int ops follow CPython, and what TF
cannot reproduce (overflow) fails an in-graph check and reruns in the interpreter.
Shifts are the classic place where hardware semantics (count >= width, negative count)
differ from Python's. Mechanism: Python int semantics of <<, >>, ~, ^ and int methods
on graph-computed ints."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1509)
rng = np.random.default_rng(1509)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)
HIST = []


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    q = int(loss * 1000.0)
    big = q << (k * 3)
    gray = q ^ (q >> 1)
    neg = (-q) >> 3
    inv = ~q
    try:
        low = q >> (k - 40 + (q % 7))
        scale = 1.0
    except ValueError as e:
        low = str(e)
        scale = 0.5
    OPT.apply_gradients([(g * scale, W)])
    HIST.append((big, gray, neg, inv, low, q.bit_length(), q.bit_count(), big.bit_length()))
    return loss, big


for step in range(30):
    i = (step * 8) % 56
    k = step + 12
    loss, big = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), k)
    print(step, repr(round(float(loss), 6)), HIST[-1][4], big % 1000003, HIST[-1][7])

print(json.dumps({"hist_tail": [[str(v) for v in h] for h in HIST[-3:]],
                  "sum_big_mod": sum(h[0] for h in HIST) % 998244353,
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
