"""A `for` over the program's deque of sample offsets whose body writes the next item in
place (`RING[i + 1] = ...`), which CPython's deque iterator then reads (an item write
does not count as a mutation); from step 10 the body also reverses the deque in place,
which does not count either."""
import collections
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(94)
rng = np.random.default_rng(94)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.02)
RING = collections.deque([0, 8, 16, 24])


def train_step(flip):
    seen = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for i, o in enumerate(RING):
            seen.append(o)
            loss = loss + tf.reduce_mean(tf.square(XS[o:o + 4] @ W - YS[o:o + 4]))
            if i == 0:
                RING[1] = (RING[1] + 4) % 40
                if flip:
                    RING.reverse()
    g = tape.gradient(loss, W)
    opt.apply_gradients([(g, W)])
    return loss, seen


for step in range(20):
    loss, seen = train_step(step >= 10)
    print(step, repr(float(loss)), seen, list(RING))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "ring": list(RING)}))
