"""A trainer class keeps a priority queue of per-layer boost entries in a list attribute
and sorts it in place inside its training-step method with a key method that records
`len(self.queue)` at every call: CPython empties a list while `list.sort` runs, so the
key sees 0.  From step 12 the key also appends to the queue (CPython raises
ValueError('list modified during sort') and drops the appended items, leaving the list
sorted); from step 20 one entry's priority is a str, so the sort's `<` raises TypeError
part-way and leaves the list partly reordered.  Errors are caught in the step; the queue
head picks the layer whose gradient is boosted.  Probes: list.sort's emptied-list,
modified-during-sort and partial-order-on-error behaviour on the program's own list,
written through by a converted method."""
import random

import numpy

random.seed(4707)
numpy.random.seed(4707)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4707)
rng = np.random.default_rng(4707)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (np.cos(XS[:, :1]) * XS[:, 2:3]).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([
            keras.Input((4,)),
            keras.layers.Dense(8, activation="tanh"),
            keras.layers.Dense(6, activation="tanh"),
            keras.layers.Dense(1),
        ])
        self.opt = keras.optimizers.SGD(learning_rate=0.04)
        self.queue = [[5, 0], [3, 2], [9, 1], [4, 4], [7, 3], [1, 5]]
        self.seen = []
        self.mode = "plain"

    def key(self, entry):
        self.seen.append(len(self.queue))
        if self.mode == "grow":
            self.queue.append([0, 0])
        return entry[0]

    def step(self, x, y):
        with tf.GradientTape() as tape:
            pred = self.model(x)
            loss = tf.reduce_mean(tf.square(pred - y))
        variables = self.model.trainable_variables
        grads = tape.gradient(loss, variables)
        try:
            if self.mode == "cmp":
                self.queue.sort()
            else:
                self.queue.sort(key=self.key)
        except (ValueError, TypeError) as e:
            print("  sort error", repr(e))
        head = self.queue[0][1]
        if not isinstance(head, int):
            head = 0
        grads = [g * (3.0 if i == head else 1.0) for i, g in enumerate(grads)]
        self.opt.apply_gradients(zip(grads, variables))
        print("  queue", self.queue, "seen", self.seen[-3:])
        return loss


T = Trainer()
for step in range(30):
    T.queue[step % len(T.queue)][0] = (step * 7) % 11
    if step == 12:
        T.mode = "grow"
    if step == 20:
        T.mode = "cmp"
        T.queue[3] = ["x", 4]
    if step == 25:
        T.queue[3] = [2, "y"]
    i = (step * 8) % 80
    loss = T.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(T.seen))

print(json.dumps({
    "queue": T.queue,
    "seen": T.seen[-10:],
    "w": [repr(float(v)) for v in T.model.layers[0].kernel.numpy().ravel()[:6]],
}))
