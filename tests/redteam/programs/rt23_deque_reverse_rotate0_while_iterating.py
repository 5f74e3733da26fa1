"""Iterating a program's deque while the loop body calls methods that change
CPython's deque "state" counter or not, independently of what the items look like.

The step walks a deque of batch offsets (self.window) with a for loop and accumulates a
weighted loss.  Inside the body, depending on the call's mode (a string the step
advances through MODES, one per call), it calls:
  "reverse":    window.reverse()     -- CPython does NOT bump the deque's state: the iterator
                                   goes on over the reversed storage, no error;
  "rotate0":    window.rotate(0) -- moves nothing, but CPython bumps the state: the next
                                   pull raises RuntimeError("deque mutated during iteration");
  "append_pop": window.append(o); window.pop()  -- same items in the end, state bumped: raises;
  "setitem":    window[1] = o -- item write, no state change, the iterator sees the new item.
The step catches RuntimeError and records it.  A graph that decides "mutated" from the
items or the order (rather than from CPython's per-method state rule) raises where CPython
does not (reverse), or goes on where CPython raises (rotate(0), append+pop), and so
prints other offsets, another loss and other counters.
"""
import json
import random
from collections import deque

import keras
import numpy as np
import tensorflow as tf

random.seed(23)
np.random.seed(23)
keras.utils.set_random_seed(23)

rng = np.random.default_rng(23)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)).astype(np.float32) + 0.1).astype(np.float32)


MODES = ["reverse", "rotate0", "append_pop", "setitem"]


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
        self.b = tf.Variable(tf.zeros([1]))
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.window = deque([0, 16, 32, 48])
        self.mode = "reverse"
        self.errors = 0
        self.seen = []

    def train_step(self):
        visited = []
        with tf.GradientTape() as tape:
            loss = tf.constant(0.0)
            try:
                for pos, off in enumerate(self.window):
                    visited.append(off)
                    xb = XS[off:off + 8]
                    yb = YS[off:off + 8]
                    pred = xb @ self.w + self.b
                    loss = loss + (pos + 1) * tf.reduce_mean(tf.square(pred - yb))
                    if pos == 0:
                        if self.mode == "reverse":
                            self.window.reverse()
                        elif self.mode == "rotate0":
                            self.window.rotate(0)
                        elif self.mode == "append_pop":
                            self.window.append(off + 8)
                            self.window.pop()
                        else:
                            self.window[1] = (off + 24) % 88
            except RuntimeError as e:
                self.errors += 1
                visited.append(str(e))
        grads = tape.gradient(loss, [self.w, self.b])
        self.opt.apply_gradients(zip(grads, [self.w, self.b]))
        self.seen.append(len(visited))
        self.mode = MODES[(MODES.index(self.mode) + 1) % 4]
        return loss, visited


tr = Trainer()
for step in range(36):
    loss, visited = tr.train_step()
    print(step, repr(float(loss)), visited, list(tr.window), tr.errors)
    if step % 5 == 4:
        tr.window.rotate(1)

print(json.dumps({
    "w": [repr(float(v)) for v in tr.w.numpy().ravel()],
    "b": [repr(float(v)) for v in tr.b.numpy().ravel()],
    "iterations": int(tr.opt.iterations.numpy()),
    "errors": tr.errors,
    "seen": tr.seen,
    "window": list(tr.window),
}))
