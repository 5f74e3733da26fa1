"""Probe: enum.IntFlag values built inside the step from a graph-computed int, and the
enum machinery (library Python in enum.py) run on them.

Each step derives `m = Mode(int(loss * 10) % 8)` (a flag combination made by EnumType's
__call__ from a Python int the graph computes; composite members are created and cached
on first use), then branches on `Mode.CLIP in m`, `m & Mode.DECAY`, uses `len(m)`
(number of set flags, 3.11+), `list(m)` (iteration over members), `m.name` (e.g.
"CLIP|NOISE", None-free since 3.11), `str(m)`, `format(m)` and `int(m) + 1` to set the
update, and records them. The argument `base` is also an IntFlag (varying per step).
Eager runs enum.py at each step. A runtime that freezes the flag built at build time,
or converts it like a plain int (losing the enum type and str/name), gives other
branches and text. Mechanism: library Python (enum) on numbers the graph computes."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import enum
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1549)
rng = np.random.default_rng(1549)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) * 1.5).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.03)


class Mode(enum.IntFlag):
    CLIP = 1
    DECAY = 2
    NOISE = 4


RECORDS = []


def train_step(x, y, base):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    m = Mode(int(loss * 10) % 8) | base
    if Mode.CLIP in m:
        g = tf.clip_by_norm(g, 0.5)
    if m & Mode.DECAY:
        W.assign(W * 0.99)
    scale = 1.0 / (1 + len(m))
    OPT.apply_gradients([(g * scale * (int(m) + 1) / 4.0, W)])
    RECORDS.append((int(m), m.name, str(m), format(m), [f.name for f in m], type(m).__name__))
    return loss


for step in range(30):
    base = Mode.NOISE if step % 3 == 0 else Mode(0)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), base)
    print(step, repr(round(float(loss), 6)), RECORDS[-1])

print(json.dumps({"modes": sorted(set(r[0] for r in RECORDS)),
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
