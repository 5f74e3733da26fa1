"""Augmented assignment on stdlib containers in the step: `self.window += [v, v / 2]` on a
`deque(maxlen=5)` (deque's in-place extend drops items from the left as it goes),
`self.events += Counter({bucket: 1, "steps": 1})` on a Counter (Counter's `__iadd__`
adds and then DROPS keys whose count is not positive, so a `Counter({"penalty": -1})`
added every 5th call removes a key), `self.sums[tag] += v` on a defaultdict(float)
(missing key made by the factory), and `self.lists[tag] += [step]` on a
defaultdict(list).  The loop holds the deque and reads it after each step, swaps the
deque for one with maxlen 3 at step 14, and subtracts from the Counter in place at step
20 (`-=`: keys at zero vanish).  Probes: `+=`/`-=` semantics of deque and Counter (maxlen
eviction, non-positive pruning) and defaultdict factories under item `+=`."""
import random

import numpy

random.seed(4831)
numpy.random.seed(4831)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4831)
rng = np.random.default_rng(4831)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.9 - XS[:, 2:3] * 0.4).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.window = collections.deque(maxlen=5)
        self.events = collections.Counter()
        self.sums = collections.defaultdict(float)
        self.lists = collections.defaultdict(list)
        self.calls = 0

    def train_step(self, x, y, step):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.calls += 1
        self.window += [v, v / 2]
        bucket = "hi" if v > 0.3 else "lo"
        self.events += collections.Counter({bucket: 1, "steps": 1, "penalty": 1})
        if self.calls % 5 == 0:
            self.events += collections.Counter({"penalty": -10})
        tag = "even" if step % 2 == 0 else "odd"
        self.sums[tag] += v
        self.lists[tag] += [step]
        return loss, len(self.window), self.window[0]


tr = Trainer()
held = tr.window
for step in range(30):
    if step == 14:
        tr.window = collections.deque(tr.window, maxlen=3)
    if step == 20:
        tr.events -= collections.Counter({"lo": tr.events["lo"]})
    i = (step * 8) % 56
    loss, n, first = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), n, repr(first), tr.window is held, [repr(v) for v in held][-2:],
          sorted(tr.events.items()), {k: repr(v) for k, v in tr.sums.items()}, {k: len(v) for k, v in tr.lists.items()})

print(json.dumps({"window": [repr(v) for v in tr.window], "held": [repr(v) for v in held], "events": dict(tr.events),
                  "sums": {k: repr(v) for k, v in tr.sums.items()}, "lists": dict(tr.lists),
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
