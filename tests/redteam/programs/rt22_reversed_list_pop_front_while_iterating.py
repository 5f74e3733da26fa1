"""Probes iteration with reversed() over a program list that the loop body changes.
CPython's list_reverseiterator keeps an index that only counts down and reads
`list[index]` as the list is *now*: when the body pops the list's first item, every item
shifts left, so the next read returns the item just visited again; when the body
inserts at the front, the next read skips back over nothing and returns an item two
places up.  The step sums per-layer decay weights that way (the loop refills DECAYS
from a template before every call, and edits the template at steps 11 and 23, and sets
INSERT_FRONT at step 17) and uses the sum as an L2 coefficient.  A graph that iterated
a snapshot of the list, or reversed it once up front, would get other sums, other
DECAYS after the call, and other weights."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2209)
np.random.seed(2209)
keras.utils.set_random_seed(2209)
rng = np.random.default_rng(2209)

XS = rng.normal(size=(90, 6)).astype(np.float32)
YS = (XS[:, :3] @ np.array([[1.0], [-0.5], [0.25]], np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.03)
TEMPLATE = [0.5, 1.5, 0.25, 2.0, 0.75]
DECAYS = []
INSERT_FRONT = False


def train_step(x, y):
    coef = 0.0
    visits = 0
    for v in reversed(DECAYS):
        visits += 1
        if v > 1.0:
            if INSERT_FRONT:
                DECAYS.insert(0, v * 0.1)
            else:
                DECAYS.pop(0)
        coef += v
        if visits > 12:
            break
    with tf.GradientTape() as tape:
        pred = tf.nn.relu(x @ W1) @ W2
        loss = tf.reduce_mean(tf.square(pred - y)) + 0.001 * coef * tf.reduce_sum(tf.square(W1))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, coef, visits


for step in range(36):
    if step == 11:
        TEMPLATE[0] = 3.0
    if step == 17:
        INSERT_FRONT = True
    if step == 23:
        TEMPLATE.append(1.25)
    DECAYS[:] = TEMPLATE
    i = (step * 10) % 80
    loss, coef, visits = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(coef), visits, DECAYS)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:12]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "decays": DECAYS,
}))
