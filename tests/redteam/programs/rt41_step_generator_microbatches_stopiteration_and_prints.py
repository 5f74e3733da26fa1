"""Micro-batching with a generator function the step calls: `chunks(x, y, k)` yields
(x, y) slices and prints when it starts and when it is exhausted (after its loop); it
also counts yields on a stats object.  The step consumes it with next() inside a
`while True: try: ... except StopIteration: break`, accumulating gradients, then asks
for one more item with next(gen, None) (None expected).  The chunk count k changes
mid-run (4 -> 2 -> 8).  Probes: a generator made in the step, resumed lazily with
prints and attribute writes interleaved with the consumer's, exhausted with
StopIteration caught in the step."""
import random

import numpy

random.seed(64)
numpy.random.seed(64)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4156)
rng = np.random.default_rng(4156)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Stats:
    yields = 0


ST = Stats()


def chunks(x, y, k):
    print("  chunks start", k)
    size = 16 // k
    for j in range(k):
        ST.yields += 1
        yield x[j * size:(j + 1) * size], y[j * size:(j + 1) * size]
    print("  chunks done")


def train_step(x, y, k):
    gen = chunks(x, y, k)
    total = tf.zeros_like(W)
    n = 0
    losses = 0.0
    while True:
        try:
            cx, cy = next(gen)
        except StopIteration:
            break
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(cx @ W - cy))
        total = total + tape.gradient(loss, W)
        losses = losses + loss
        n += 1
    extra = next(gen, None)
    OPT.apply_gradients([(total / n, W)])
    return losses / n, n, extra is None


for step in range(30):
    k = 4 if step < 10 else (2 if step < 20 else 8)
    i = (step * 16) % 112
    loss, n, none = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), k)
    print(step, repr(float(loss)), n, none, ST.yields)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
