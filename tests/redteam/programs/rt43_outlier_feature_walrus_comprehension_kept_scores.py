"""Feature-attribution logging: after each step the program scores every input feature by
the mean absolute gradient times a Python scale and keeps the scores that pass a
threshold using an assignment expression inside the comprehension, `kept = [s for j in
range(N) if (s := float(sal[j]) * SCALE) > CUT]` (the walrus avoids computing the score
twice).  `sal` is a tensor, so each score is a Python number the graph computes and the
filter a decision on it, inside the comprehension's loop; the walrus also binds `s` in the
step's own scope.  The step returns the kept scores and the last `s`.  CUT falls at step
12.  Probes: a filtered comprehension with an assignment expression over graph-computed
Python numbers."""
import random

import numpy

random.seed(4341)
numpy.random.seed(4341)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4341)
rng = np.random.default_rng(4341)
N = 6
XS = rng.normal(size=(128, N)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[2.0], [-1.0]])).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(N, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)
SCALE = 10.0
CUT = 100.0


def train_step(x, y):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    gx = tape.gradient(loss, x)
    OPT.apply_gradients(zip(grads, [W1, W2]))
    sal = tf.reduce_mean(tf.abs(gx), axis=0)
    s = 0.0
    kept = [s for j in range(N) if (s := float(sal[j]) * SCALE) > CUT]
    return loss, kept, s


for step in range(30):
    if step == 12:
        CUT = 0.03
    i = (step * 16) % 112
    loss, kept, last = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), len(kept), [repr(v) for v in kept], repr(last))

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
