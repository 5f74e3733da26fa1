"""The step loops `for i in range(x.shape[0])` over the rows of its batch: it appends each
row's score to a list the call made (stacked after the loop), counts rows whose score is
positive in a Python int, prints inside the loop on every third row, and reads len() of
the list.  Batch sizes cycle through 5, 7, 6, 8 and 9, so after three sizes a graph cache
relaxes the batch axis and x.shape[0] becomes a number the graph carries: the loop then
becomes a while loop with a Python counter, a TensorArray for the list and per-iteration
print replay.  At step 15 the global EVERY (print period) changes to 2.  Probes: Python
loops over a relaxed dimension with counters, prints and a grown list."""
import random

import numpy

random.seed(3706)
numpy.random.seed(3706)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3706)
rng = np.random.default_rng(3706)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = rng.normal(size=(80, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIZES = [5, 7, 6, 8, 9]
EVERY = 3


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        scores = []
        positive = 0
        for i in range(x.shape[0]):
            s = tf.square(pred[i, 0] - y[i, 0])
            scores.append(s)
            if pred[i, 0] > 0.0:
                positive += 1
            if i % EVERY == 0:
                print("  row", i, positive)
        loss = tf.reduce_sum(tf.stack(scores)) / len(scores)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, positive, len(scores)


for step in range(26):
    if step == 15:
        EVERY = 2
    b = SIZES[step % 5]
    j = (step * 3) % 60
    loss, positive, n = train_step(tf.constant(XS[j:j + b]), tf.constant(YS[j:j + b]))
    print(step, b, float(loss).hex(), positive, n)

print("final", [float(v).hex() for v in W.numpy().ravel()], EVERY)
