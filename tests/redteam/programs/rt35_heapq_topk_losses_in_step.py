"""The step keeps the five largest losses in a global heap with heapq.heappush and
heappop when it grows past five (float(loss) keys with the step number as tie-break),
and the step reweights its loss by whether this loss entered the heap.  Probes: heapq's
C functions mutating a global list in place from the step."""
import random
import numpy
random.seed(7); numpy.random.seed(7)
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def hexs(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]

import heapq
HEAP = []
ENTERED = []


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    lf = float(loss)
    heapq.heappush(HEAP, (lf, k))
    if len(HEAP) > 5:
        gone = heapq.heappop(HEAP)
    else:
        gone = None
    entered = gone is None or gone[1] != k
    ENTERED.append(entered)
    grads = tape.gradient(loss, [W1, W2])
    if entered:
        grads = [g * 2.0 for g in grads]
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, entered


for step in range(30):
    i = (step * 8) % 56
    loss, e = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, float(loss).hex(), e, HEAP[0][1])


def summary():
    return {"heap": [(a.hex(), b) for a, b in HEAP], "entered": ENTERED}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
