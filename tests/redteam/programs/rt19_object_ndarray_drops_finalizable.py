"""An object with `__del__` whose only reference is an item of a numpy OBJECT array
(dtype=object), reached through a plain object in an attribute the step overwrites.
numpy object arrays own references to their items but take no part in gc traversal
(gc.get_referents of one is empty), so following references through them finds nothing.
The step rotates its bank of callbacks, `BANKS.current = BANKS.pending`; the loop puts a
fresh Bank (a plain object holding an object array that holds a new Probe) into
BANKS.pending at steps 10 and 20.  In eager the old Bank and its array die at that write
and the Probe's __del__ runs there (printing, and appending to DEATHS), before the rest
of the step, which reads len(DEATHS) into the loss weight.  Probes: deaths at a write,
found by following references from what the write drops; a converter whose walk stops at
the array (numpy objects "run none of the program's code when they die") commits the
write after the graph, and the step reads a stale count."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1949)
rng = np.random.default_rng(1949)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DEATHS = []


class Probe:
    def __init__(self, tag):
        self.tag = tag

    def __del__(self):
        DEATHS.append(self.tag)
        print("probe died:", self.tag)


class Banks:
    pass


class Bank:
    def __init__(self, tag, arr):
        self.tag = tag
        self.arr = arr


def make_bank(tag):
    arr = np.empty(2, dtype=object)
    arr[0] = Probe(tag)
    arr[1] = tag
    return Bank(tag, arr)


BANKS = Banks()
BANKS.current = make_bank("initial")
BANKS.pending = BANKS.current


def train_step(x, y):
    BANKS.current = BANKS.pending
    weight = 1.0 + 0.1 * len(DEATHS)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * weight
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print("step body done, deaths seen:", len(DEATHS))
    return loss


for step in range(30):
    if step == 10:
        BANKS.pending = make_bank("bank10")
    if step == 20:
        BANKS.pending = make_bank("bank20")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(DEATHS))

CURRENT_TAG = BANKS.current.tag
BANKS.current = BANKS.pending = None
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "deaths": DEATHS,
    "current": CURRENT_TAG,
    "iterations": int(OPT.iterations.numpy()),
}))
