"""Probes: `<`, `==` and min() between tuples of numbers the graph computes.

The step ranks batches with a tuple key `key = (int(v * 4), v, n)`: a quantised loss
bucket (ties are common), the loss itself, then the step number.  `key < BEST.key`
is CPython's lexicographic comparison: find the first position where the items
differ (by ==, which short-cuts on identity), then compare those with `<`.  min() of
the new key and the stored one keeps the first of equals.  A converter has to build
this from the items: comparing only the first items, or comparing all items with
`<` at once, gives other answers exactly when buckets tie.  `same = key[:2] ==
BEST.key[:2]` is recorded too.  From step 12 the targets are rescaled, which changes
how often buckets tie, and from step 20 the key puts the step first."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1829)
rng = np.random.default_rng(1829)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((5, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)


class Best:
    def __init__(self):
        self.key = (10 ** 6, float("inf"), -1)
        self.improved = 0
        self.ties = 0
        self.low = (10 ** 6, float("inf"), -1)


BEST = Best()
CFG = {"scale": 1.0, "step_first": False}


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y * CFG["scale"]))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    v = float(loss)
    key = (-n, int(v * 4), v) if CFG["step_first"] else (int(v * 4), v, n)
    if key < BEST.key:
        BEST.key = key
        BEST.improved += 1
    if key[:1] == BEST.key[:1]:
        BEST.ties += 1
    BEST.low = min(BEST.low, key)
    return loss


for step in range(30):
    if step == 12:
        CFG["scale"] = 0.3
    if step == 20:
        CFG["step_first"] = True
        BEST.key = (1, 0, 0.0)
        BEST.low = (1, 0, 0.0)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), BEST.key, BEST.improved, BEST.ties, BEST.low)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "best": repr(BEST.key),
    "low": repr(BEST.low),
    "improved": BEST.improved,
    "ties": BEST.ties,
}))
