"""The program's set of objects (hashed by identity) whose items' own state changes mid-run.

HEADS is a global set of Head objects (no __hash__/__eq__: they hash by identity).  The
step iterates HEADS and, for each item, reads `h.scale` (a float attribute), sums the
ints in `h.ids` (a list the object holds) and checks `2 in h.tags` (a set it holds).
The contract guards the program's set by its items in order (identity), and says
lists, dicts and sets held inside lists/tuples keep their own contents guarded however
they are reached; an item reached by iterating a SET is not named.  Mid-run the set
itself never changes: step 12 appends to one head's `ids` list in place, step 20 adds 2
to another head's `tags` set, step 28 rebinds a head's `scale`, step 34 replaces a
head's `ids` list by a new one.  A graph that pinned the items by identity but kept what
it read inside them at build time would print the old sums.  All results are order-
independent (exact int sums, a product of floats that are powers of two), so the
identity-hash order of HEADS does not matter.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2136)
random.seed(2136)
np.random.seed(2136)
rng = np.random.default_rng(2136)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)


class Head:
    def __init__(self, name, scale, ids, tags):
        self.name = name
        self.scale = scale
        self.ids = ids
        self.tags = tags


A = Head("a", 1.0, [1, 2], {1})
B = Head("b", 0.5, [3], {3, 4})
C = Head("c", 2.0, [], {5})
HEADS = {A, B, C}


def train_step(x, y):
    prod = 1.0
    total = 0
    tagged = 0
    for h in HEADS:
        prod = prod * h.scale
        total = total + sum(h.ids)
        if 2 in h.tags:
            tagged = tagged + 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * prod * (1.0 + 0.01 * total + 0.1 * tagged)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, prod, total, tagged


for step in range(40):
    if step == 12:
        A.ids.append(10)
    if step == 20:
        B.tags.add(2)
    if step == 28:
        C.scale = 4.0
    if step == 34:
        B.ids = [7, 7]
    i = (step * 8) % 88
    loss, prod, total, tagged = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(prod), total, tagged)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "heads": sorted([h.name, h.scale, h.ids, sorted(h.tags)] for h in HEADS),
    "iterations": int(OPT.iterations.numpy()),
}))
