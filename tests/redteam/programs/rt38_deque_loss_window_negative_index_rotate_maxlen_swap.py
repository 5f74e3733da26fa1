"""The step keeps a `deque(maxlen=4)` of recent Python loss floats in a module-level dict
WIN["q"]: it reads the window's mean (sum()/len()), its newest item (q[-1]) and oldest
(q[0]) before the update, scales the loss by 1 + 0.1 * (newest - mean), appends
float(loss) and rotates the deque by 1 when the step count is odd.  Mid-run: step 9 the
loop replaces the deque with a maxlen=2 copy of its last two items, step 16 appends a
sentinel 10.0 from outside, step 22 clears it (the step must handle an empty window: mean
0.0).  Probes: a deque the step both reads (negative index, sum, len) and writes (append
past maxlen, rotate), replaced and edited from outside."""
import random

import numpy

random.seed(391)
numpy.random.seed(391)

import json
from collections import deque

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3811)
rng = np.random.default_rng(3811)
XS = rng.normal(size=(56, 4)).astype(np.float32)
YS = np.tanh(XS[:, :1] - XS[:, 3:]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.1)
WIN = {"q": deque(maxlen=4), "n": 0}


def train_step(x, y):
    q = WIN["q"]
    if len(q):
        mean = sum(q) / len(q)
        newest, oldest = q[-1], q[0]
    else:
        mean, newest, oldest = 0.0, 0.0, 0.0
    scale = 1.0 + 0.1 * (newest - mean)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        scaled = loss * scale
    g = tape.gradient(scaled, W)
    OPT.apply_gradients([(g, W)])
    q.append(float(loss))
    WIN["n"] += 1
    if WIN["n"] % 2:
        q.rotate(1)
    return loss, mean, oldest, scale


for step in range(30):
    if step == 9:
        WIN["q"] = deque(list(WIN["q"])[-2:], maxlen=2)
    elif step == 16:
        WIN["q"].append(10.0)
    elif step == 22:
        WIN["q"].clear()
    i = (step * 8) % 56
    loss, mean, oldest, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(mean), repr(oldest), repr(scale), list(WIN["q"]))

print(json.dumps({
    "W": W.numpy().ravel().tolist(), "q": list(WIN["q"]), "maxlen": WIN["q"].maxlen,
    "n": WIN["n"], "types": [type(v).__name__ for v in WIN["q"]],
}))
