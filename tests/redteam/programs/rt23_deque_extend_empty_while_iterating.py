"""deque.extend() of an empty iterable inside a loop over the same deque.

CPython's deque iterator raises "deque mutated during iteration" when the deque's state
counter moved since the iterator was made; every append bumps it, but extend() of an
empty list appends nothing, so the state does not move and the loop goes on normally.

The step walks a replay deque of batch offsets and, after the first item, moves the
program's list of freshly-mined offsets (self.incoming) into the replay with
`self.replay.extend(self.incoming)`, catching RuntimeError (the usual outcome when there
was something to move).  The loop fills self.incoming only every fourth step; on the
other steps the list is empty and the iteration must go on over all replay items.  A
graph that treats any extend() as a mutation of the deque raises where CPython does not,
trains on one batch instead of four and counts a spurious error.
"""
import json
import random
from collections import deque

import keras
import numpy as np
import tensorflow as tf

random.seed(67)
np.random.seed(67)
keras.utils.set_random_seed(67)

rng = np.random.default_rng(67)
X = tf.constant(rng.normal(size=(96, 5)).astype(np.float32))
Y = tf.constant(rng.normal(size=(96, 1)).astype(np.float32))


class Replay:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.02)
        self.replay = deque([0, 8, 16, 24], maxlen=6)
        self.incoming = []
        self.errors = 0

    def train_step(self):
        used = []
        with tf.GradientTape() as tape:
            loss = tf.constant(0.0)
            try:
                for j, o in enumerate(self.replay):
                    used.append(o)
                    loss = loss + tf.reduce_mean(tf.square(self.model(X[o:o + 8]) - Y[o:o + 8]))
                    if j == 0:
                        self.replay.extend(self.incoming)
                        self.incoming.clear()
            except RuntimeError:
                self.errors += 1
                used.append("mutated")
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        return loss, used


r = Replay()
for step in range(36):
    if step % 4 == 3:
        r.incoming.append((step * 8) % 88)
    loss, used = r.train_step()
    print(step, repr(float(loss)), used, list(r.replay), r.errors)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in r.model.weights],
    "iterations": int(r.opt.iterations.numpy()),
    "replay": list(r.replay),
    "errors": r.errors,
}))
