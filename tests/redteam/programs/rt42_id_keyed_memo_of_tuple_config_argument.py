"""A per-config memo keyed by `id(cfg)`: the caller passes a (scale, shift) tuple;
the step looks up `self.memo.get(id(cfg))` to reuse a precomputed Python factor and
otherwise computes and stores it under `id(cfg)`, keeping the config alive in
`self.keep` so ids are not reused.  The caller builds a new equal tuple each call for
12 steps (eagerly: a memo miss per call), then passes one kept tuple (hits).  The
caller checks `id(cfg) in tr.memo` after each call.  janus specialises the graph on
id() of tensor arguments; for a tuple argument guarded by value, id() must still be
the caller's object's."""
import random

import numpy

random.seed(91)
numpy.random.seed(91)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4291)
rng = np.random.default_rng(4291)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - 0.5).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))


class Trainer:
    def __init__(self):
        self.memo = {}
        self.keep = []
        self.misses = 0

    def step(self, x, y, cfg):
        key = id(cfg)
        factor = self.memo.get(key)
        if factor is None:
            self.misses += 1
            factor = cfg[0] * 0.5 + cfg[1]
            self.memo[key] = factor
            self.keep.append(cfg)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W + B - y))
        gw, gb = tape.gradient(loss, [W, B])
        W.assign_sub(0.1 * factor * gw)
        B.assign_sub(0.1 * factor * gb)
        return loss


tr = Trainer()
base = [1.0, 0.5]
kept = tuple(base)
for step in range(30):
    cfg = tuple(base) if step < 12 else kept
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), cfg)
    print(step, repr(float(loss)), tr.misses, id(cfg) in tr.memo, len(tr.memo),
          tr.keep[-1] is cfg)

# (Added when the program became a test: ids differ between two processes, so the
# memo's keys are dropped before the modes' states are compared.)
tr.memo = sorted(tr.memo.values())
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "misses": tr.misses, "memo": len(tr.memo)}))
