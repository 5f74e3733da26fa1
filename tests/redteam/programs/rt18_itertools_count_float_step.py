"""Probes: next() of an itertools.count with a float step, three times per call.

The contract converts next() of an itertools.count from outside the step: "its
position is a graph input read from its repr when the call starts, the call's k-th
next() is that position plus k steps, and the count moves on at commit".  CPython's
count with a float step adds the step repeatedly (cnt = cnt + step), so the third
value of a call is ((p + s) + s), which differs in the last bits from p + 2*s for many
p and s; its repr also shows the accumulated rounding.  The step draws three warm-up
factors per call from PHASE (count(0.1, 0.7)) and uses them in its loss; at step 12
the loop swaps in count(1, 0.1) (an int start: the first value is the int 1), at step
20 count(0.3, 0.1).  The loop prints each value with repr()."""
import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1830)
rng = np.random.default_rng(1830)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.01)

PHASE = itertools.count(0.1, 0.7)


def train_step(x, y):
    a = next(PHASE)
    b = next(PHASE)
    c = next(PHASE)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.001 * (c - b))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, a, b, c


seen = []
for step in range(30):
    if step == 12:
        PHASE = itertools.count(1, 0.1)
    if step == 20:
        PHASE = itertools.count(0.3, 0.1)
    i = (step * 8) % 56
    loss, a, b, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    seen.extend([a, b, c])
    print(step, repr(float(loss)), repr(a), repr(b), repr(c), type(a).__name__)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "seen": [repr(v) for v in seen],
    "count_repr": repr(PHASE),
}))
