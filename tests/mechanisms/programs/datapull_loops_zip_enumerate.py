"""Loops over a tf.data iterator inside the step: `zip(it, range(2))` (CPython's zip
takes a third element from the iterator before it finds the range ended, and that
element is lost, under janus as eagerly), `enumerate(it)` with a `break`, and a `for`
over a second iterator that gives 3 micro-batches a call (gradient accumulation).  Each
element is a pull made before the graph runs."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(86)
rng = np.random.default_rng(86)
XS = rng.normal(size=(90, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)
pairs = iter(tf.data.Dataset.from_tensor_slices((XS, YS)).batch(3).repeat())
rows = iter(tf.data.Dataset.from_tensor_slices(XS).batch(5).repeat())
SEEN = []


def train_step(scale):
    grads = tf.zeros_like(W)
    total = 0.0
    for (x, y), k in zip(pairs, range(2)):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y)) * (k + 1)
        grads += tape.gradient(loss, W)
        total += loss
    for i, r in enumerate(rows):
        if i == 2:
            break
        total += tf.reduce_mean(r) * scale
    SEEN.append(i)
    opt.apply_gradients([(grads, W)])
    return total


for step in range(20):
    print(step, repr(float(train_step(0.5 if step < 12 else 0.25))))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "seen": SEEN[-3:],
                  "pairs": repr(float(tf.reduce_sum(next(pairs)[0]))),
                  "rows": repr(float(tf.reduce_sum(next(rows))))}))
