"""Mechanism: zip() over a deque and a shorter list, with the body appending to the
deque on the LAST pair.  zip pulls its iterators in argument order: in
`zip(QUEUE, TAGS)` the deque iterator is pulled once more after the last pair, sees that
the deque was mutated and raises RuntimeError (caught by the step); in `zip(TAGS, QUEUE)`
the list runs out first and the deque iterator is never pulled again, so no error.  The
loop switches ORDER between the two forms at steps 10 and 20 and trims QUEUE back to
TAGS' length + 1 each step (so the deque is the longer one).  A graph that checked the
deque's mutation at the write, or pulled every argument, would raise (or not) at other
steps.
"""
import json
import random
from collections import deque

import keras
import numpy as np
import tensorflow as tf

random.seed(97)
np.random.seed(97)
keras.utils.set_random_seed(97)
rng = np.random.default_rng(97)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] ** 2 - XS[:, 0:1]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)

QUEUE = deque([1.0, 0.5, 0.25, 0.125])
TAGS = ["a", "b", "c"]
ORDER = "deque_first"


def train_step(x, y):
    total = 0.0
    pairs = 0
    status = "ok"
    try:
        if ORDER == "deque_first":
            for w, t in zip(QUEUE, TAGS):
                total += w
                pairs += 1
                if t == TAGS[-1]:
                    QUEUE.append(w * 0.5)
        else:
            for t, w in zip(TAGS, QUEUE):
                total += w
                pairs += 1
                if t == TAGS[-1]:
                    QUEUE.append(w * 0.5)
    except RuntimeError:
        status = "mutated"
    with tf.GradientTape() as tape:
        h = tf.nn.softplus(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + total)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, pairs, status


for step in range(30):
    while len(QUEUE) > 4:
        QUEUE.pop()
    if step == 10:
        ORDER = "list_first"
    if step == 20:
        ORDER = "deque_first"
    i = (step * 8) % 56
    loss, pairs, status = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), pairs, status, [repr(v) for v in QUEUE])

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "queue": [repr(v) for v in QUEUE]}))
