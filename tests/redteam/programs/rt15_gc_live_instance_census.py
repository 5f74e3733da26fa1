"""Probe: object lifetime seen through the cyclic GC's own inventory.

Each step makes two objects of the program's classes: a StepRecord it appends to a
deque(maxlen=3) (older ones fall off and die), and a Scratch object that only lives
inside the call (never bound to a name the caller can see: it is built, used for a
number and dropped). After every step the loop runs gc.collect() and counts the live
instances of each class with gc.get_objects(), and a weakref.WeakSet of every record
ever made reports how many are alive. Eager: exactly 3 StepRecords (once the deque is
full) and 0 Scratch objects live between steps; gc.collect() finds the same number of
unreachable objects every step. A runtime that keeps the step's objects alive (in a
build record, a cache, a guard, a template, a held frame) or frees them later shows
other counts. Mechanism: lifetime of objects the step makes, observed by gc.get_objects
and gc.collect rather than by finalizers."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import collections
import gc
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1503)
rng = np.random.default_rng(1503)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.SGD(learning_rate=0.1)


class StepRecord:
    def __init__(self, step, loss):
        self.step = step
        self.loss = loss


class Scratch:
    def __init__(self, scale):
        self.scale = scale

    def factor(self):
        return 1.0 + self.scale


RECENT = collections.deque(maxlen=3)
EVERY = weakref.WeakSet()


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = loss_fn(y, logits) * Scratch(0.01 * (step % 3)).factor()
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    rec = StepRecord(step, float(loss))
    RECENT.append(rec)
    EVERY.add(rec)
    return loss


def census():
    found = gc.collect()
    counts = {"StepRecord": 0, "Scratch": 0}
    for o in gc.get_objects():
        name = type(o).__name__
        if name in counts and type(o).__module__ == __name__:
            counts[name] += 1
    return found, counts


gc.collect()
rows = []
for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    found, counts = census()
    rows.append((counts["StepRecord"], counts["Scratch"], len(EVERY)))
    if step % 5 == 4 or step < 4:
        print(step, round(float(loss), 6), "live:", counts, "weakset:", len(EVERY),
              "recent:", [r.step for r in RECENT])

print(json.dumps({
    "rows_distinct": sorted(set(rows)),
    "recent": [[r.step, round(r.loss, 6)] for r in RECENT],
    "w": [round(float(v), 6) for v in model.trainable_variables[0].numpy().ravel()[:6]],
}))
