"""A replay deque iterated while its body extends it with the incoming list after the
first item: extend() of an empty list changes nothing CPython's iterator checks, of a
non-empty one it does (RuntimeError, which the step catches).  The loop fills the
incoming list every fourth step."""
import collections
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(95)
rng = np.random.default_rng(95)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.02)
REPLAY = collections.deque([0, 8, 16], maxlen=5)
INCOMING = []
ERRORS = [0]


def train_step():
    used = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        try:
            for j, o in enumerate(REPLAY):
                used.append(o)
                loss = loss + tf.reduce_mean(tf.square(XS[o:o + 4] @ W - YS[o:o + 4]))
                if j == 0:
                    REPLAY.extend(INCOMING)
                    INCOMING.clear()
        except RuntimeError:
            ERRORS[0] += 1
            used.append("mutated")
    g = tape.gradient(loss, W)
    opt.apply_gradients([(g, W)])
    return loss, used


for step in range(20):
    if step % 4 == 3:
        INCOMING.append((step * 4) % 40)
    loss, used = train_step()
    print(step, repr(float(loss)), used, list(REPLAY), ERRORS)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "replay": list(REPLAY)}))
