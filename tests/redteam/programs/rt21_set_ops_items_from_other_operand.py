"""Which operand's object a set operation keeps when items are equal across types.

CPython's set algebra keeps particular objects when two items are equal but of other
types (1 == 1.0 == True): `a | b` copies a and adds b's new items (a's win);
`a & b` iterates the SMALLER operand (the right one when sizes tie) and keeps its
items; `a.intersection(lst)` keeps the list's items; `a ^ b` keeps a's items not in b
and b's items not in a; `a - b` keeps a's.  The step builds sets from two program
lists, LEFT and RIGHT, combines them, and stores/returns the results; their reprs show
the types (`{1.0, 2}` is not `{1, 2}`), sum() of them gives an int or a float, and that
number scales the loss.  Mid-run the program replaces items of RIGHT by EQUAL items of
another type (step 12: 2.0 -> 2, step 22: 1.0 -> True, step 32: 3 -> 3.0): a guard on
the lists that compares by `==`, or a set op rebuilt from the build's values taking the
wrong side's objects, would keep the old types.  Eager prints the new reprs and its
sum is a float, then an int from step 22, then a float again from step 32.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2102)
random.seed(2102)
np.random.seed(2102)
rng = np.random.default_rng(2102)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = rng.normal(size=(96, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 2)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)

LEFT = [1, 2.5, 3, 4]
RIGHT = [2.0, 3, 1.0]
RESULTS = {}


def train_step(x, y):
    a = set(LEFT)
    b = set(RIGHT)
    union = a | b
    inter = a & b
    inter_r = b & a
    inter_l = a.intersection(RIGHT)
    sym = a ^ b
    diff = b - {4}
    RESULTS["union"] = union
    RESULTS["inter"] = inter
    RESULTS["inter_r"] = inter_r
    RESULTS["inter_l"] = inter_l
    RESULTS["sym"] = sym
    RESULTS["diff"] = diff
    k = sum(inter) + sum(diff)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * k)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, k, inter


def show(s):
    return repr(sorted(s, key=lambda v: (float(v), type(v).__name__)))


for step in range(42):
    if step == 12:
        RIGHT[0] = 2
    if step == 22:
        RIGHT[2] = True
    if step == 32:
        RIGHT[1] = 3.0
    i = (step * 8) % 88
    loss, k, inter = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(k), type(k).__name__,
          " ".join(f"{n}={show(RESULTS[n])}" for n in sorted(RESULTS)),
          inter is RESULTS["inter"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "results": {n: show(s) for n, s in sorted(RESULTS.items())},
    "iterations": int(OPT.iterations.numpy()),
}))
