"""CPython's forward and reverse deque iterators check the deque's state in a different
order: the forward iterator checks "mutated?" before "done?", so a deque rotated while
its last item is being handled raises RuntimeError at the final pull; the reverse
iterator checks "done?" first, so the same rotation during the last item of
reversed(deque) ends the loop normally.

The step visits a deque of batch offsets newest-first (enumerate(reversed(order))),
and while handling the last (oldest) item it rotates the deque by one to prepare the
next step's schedule (order.rotate(1)).  A second, forward pass over a small deque of
"probe" offsets does the same rotation at its last item and catches the RuntimeError
CPython raises there.  Both passes add their batch losses; the handler counts errors
and adds a penalty.  A graph that applies the forward rule to reversed() raises in the
first pass too: it loses no batch, but counts an error and adds the penalty where
CPython does not (and the opposite slip would drop the second pass's error).
"""
import json
import random
from collections import deque

import keras
import numpy as np
import tensorflow as tf

random.seed(89)
np.random.seed(89)
keras.utils.set_random_seed(89)

rng = np.random.default_rng(89)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))


class Sched:
    def __init__(self):
        self.order = deque([0, 8, 16, 24])
        self.probes = deque([32, 40])
        self.rev_errors = 0
        self.fwd_errors = 0


S = Sched()
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.03)


def batch_loss(o):
    return tf.reduce_mean(tf.square(model(X[o:o + 8]) - Y[o:o + 8]))


def train_step():
    seen = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        n = len(S.order)
        try:
            for j, o in enumerate(reversed(S.order)):
                seen.append(o)
                loss = loss + batch_loss(o)
                if j == n - 1:
                    S.order.rotate(1)
        except RuntimeError:
            S.rev_errors += 1
            loss = loss + 0.5
        m = len(S.probes)
        try:
            for j, o in enumerate(S.probes):
                seen.append(o)
                loss = loss + 0.5 * batch_loss(o)
                if j == m - 1:
                    S.probes.rotate(1)
        except RuntimeError:
            S.fwd_errors += 1
            loss = loss + 0.25
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, seen


for step in range(36):
    loss, seen = train_step()
    print(step, repr(float(loss)), seen, list(S.order), list(S.probes),
          S.rev_errors, S.fwd_errors)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "order": list(S.order),
    "errors": [S.rev_errors, S.fwd_errors],
}))
