"""Probes a `for` loop over a list held in an attribute (and one in a global) while the
loop body *rebinds* the attribute to a new list (`self.queue = self.queue[1:] + [v *
DECAY]`) instead of mutating it.  The iterator CPython made holds the old list object,
which nobody changes: the loop visits exactly the old items, however often the name
is rebound.  A second loop does the same with a global (`PENDING = PENDING + [...]`
inside `for p in PENDING`) and a third mutates the *new* list after rebinding (which the
old iterator must not see either).  The loop resets both containers before every call
(same contents), and edits their templates at steps 10, 19 and 27 and DECAY at step 23.
A graph that tracked "the container as the call has changed it" by the attribute or
global name, rather than by the object the iterator holds, would visit other items."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2239)
np.random.seed(2239)
keras.utils.set_random_seed(2239)
rng = np.random.default_rng(2239)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 3:4]).astype(np.float32)
Q_T = [0.5, 0.25, 1.0]
P_T = [2.0, 0.1]
PENDING = []
DECAY = 0.5


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.04)
        self.queue = []

    def train_step(self, x, y):
        global PENDING
        a = 0.0
        n = 0
        for v in self.queue:
            n += 1
            a += v
            self.queue = self.queue[1:] + [v * DECAY]
        b = 0.0
        for p in PENDING:
            n += 1
            b += p
            PENDING = PENDING + [p * 0.1]
            PENDING.append(0.0)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y)) * (1.0 + 0.05 * a) + 0.001 * b
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        return loss, a, b, n


tr = Trainer()
for step in range(36):
    if step == 10:
        Q_T.append(0.75)
    if step == 19:
        P_T.insert(0, 4.0)
    if step == 23:
        DECAY = 0.9
    if step == 27:
        Q_T[0] = 3.0
    tr.queue = list(Q_T)
    PENDING = list(P_T)
    i = (step * 10) % 70
    loss, a, b, n = tr.train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(a), repr(b), n, tr.queue, PENDING)

print(json.dumps({
    "weights": [repr(float(v)) for w in tr.model.get_weights() for v in w.ravel()[:8]],
    "iterations": int(tr.opt.iterations.numpy()),
    "queue": tr.queue, "pending": PENDING,
}))
