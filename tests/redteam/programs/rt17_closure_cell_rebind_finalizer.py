"""A "current batch" holder kept in a closure cell: the step calls remember(rec),
whose `nonlocal current; current = rec` rebinding drops the previous batch record,
and each record has a weakref.finalize that appends its index to RELEASED.

The loop builds a new record per step and keeps no reference to the old one, so in
eager the cell write inside the step is the old record's last reference: its
finalizer runs at that write, before the step reads len(RELEASED) (which picks the
record's loss weight and is stored in HISTORY).  A graph whose writes land at its
commit would see RELEASED one shorter at that read, unless it finds that the cell
write drops an object with a finalizer and runs the call in the interpreter.  The
per-step counts, the weights and the JSON would differ.
Probes: object lifetime under writes other than attributes, globals and container
methods: a closure cell rebound through nonlocal."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1414)
rng = np.random.default_rng(1414)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)
RELEASED = []
HISTORY = []


class BatchRecord:
    def __init__(self, index, scale):
        self.index = index
        self.scale = scale


def make_holder():
    current = None

    def remember(rec):
        nonlocal current
        current = rec

    def peek():
        return current

    return remember, peek


REMEMBER, PEEK = make_holder()


def train_step(x, y, rec):
    REMEMBER(rec)
    released = len(RELEASED)
    HISTORY.append(released)
    weight = 1.0 if released % 2 == 0 else 0.25
    with tf.GradientTape() as tape:
        loss = rec.scale * tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip([g * weight for g in grads], [W]))
    return loss, released


for step in range(30):
    i = (step * 8) % 88
    rec = BatchRecord(step, 1.0 + 0.1 * (step % 3))
    weakref.finalize(rec, RELEASED.append, step)
    loss, released = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), rec)
    print(step, repr(float(loss)), released, len(RELEASED))

del rec
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "history": HISTORY,
    "released": RELEASED,
    "current": PEEK().index,
    "iterations": int(OPT.iterations.numpy()),
}))
