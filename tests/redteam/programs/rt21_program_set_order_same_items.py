"""The program's own sets keep their items but change their iteration order mid-run.

The step iterates a global set ACTIVE and a class attribute set Trainer.TAGS (ints that
collide in an 8-slot table: 0, 8, 16 and 1, 9, 17) and folds per-id weights in
iteration order (`acc = acc * 0.5 + GAIN[k]`), so the float it computes depends on the
ORDER, not just the contents; it also returns `next(iter(ACTIVE))` and stores
`list(Trainer.TAGS)`.  Mid-run the program empties each set and refills it with the same
ids in another order (`s.clear(); s.update([16, 0, 8])`): same object, same length, same
items, equal sets, another slot layout and so another iteration order.  The contract
says the program's sets are read with their items guarded in order; a guard that
compares the set by equality, by length or by membership would keep the graph built for
the old order and its folded float.  Eager's acc, loss and first item change at steps
12, 20 and 30.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2106)
random.seed(2106)
np.random.seed(2106)
rng = np.random.default_rng(2106)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

GAIN = {0: 0.25, 8: 1.5, 16: -0.75, 1: 0.125, 9: 2.0, 17: -1.0}


def fill(s, order):
    s.clear()
    for k in order:
        s.add(k)


ACTIVE = set()
fill(ACTIVE, [0, 8, 16])


class Trainer:
    TAGS = set()

    def __init__(self):
        self.seen = []

    def step(self, x, y):
        acc = 0.0
        for k in ACTIVE:
            acc = acc * 0.5 + GAIN[k]
        tag_acc = 0.0
        for k in self.TAGS:
            tag_acc = tag_acc * 0.25 + GAIN[k]
        self.seen = list(self.TAGS)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y)) * (2.0 + acc) * (3.0 + tag_acc)
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
        return loss, acc, tag_acc, next(iter(ACTIVE))


fill(Trainer.TAGS, [1, 9, 17])
trainer = Trainer()

for step in range(40):
    if step == 12:
        fill(ACTIVE, [16, 0, 8])
    if step == 20:
        fill(Trainer.TAGS, [17, 9, 1])
    if step == 30:
        fill(ACTIVE, [8, 16, 0])
        fill(Trainer.TAGS, [9, 1, 17])
    i = (step * 8) % 88
    loss, acc, tag_acc, first = trainer.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(acc), repr(tag_acc), first, list(ACTIVE), trainer.seen)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "active": list(ACTIVE),
    "tags": list(Trainer.TAGS),
    "iterations": int(OPT.iterations.numpy()),
}))
