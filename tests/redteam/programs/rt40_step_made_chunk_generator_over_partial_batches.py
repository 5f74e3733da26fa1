"""The step splits its batch with a generator function of the program's,
`chunks(x, y, size)`, which yields (x_chunk, y_chunk, index) slices and counts the
chunks it made in a global; the step consumes it in a `for` loop, computing each chunk's
loss on one tape and weighting chunk losses by chunk length (`len(xc)`).  The batches
cycle through sizes 10, 10, 10, 7 (a partial last batch per epoch) and the chunk size is
4, so the last chunk is partial too.  The outer loop prints the loss, the chunk count
and the global counter.  Probes: a generator the step makes, consumed by the step, over
a batch whose size changes (partial last batch)."""
import random

import numpy

random.seed(76)
numpy.random.seed(76)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4036)
rng = np.random.default_rng(4036)
XS = rng.normal(size=(37, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.6 - 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
MADE = 0


def chunks(x, y, size):
    global MADE
    for k, s in enumerate(range(0, len(x), size)):
        MADE += 1
        yield x[s:s + size], y[s:s + size], k


def train_step(x, y):
    with tf.GradientTape() as tape:
        total = tf.constant(0.0)
        count = 0
        for xc, yc, k in chunks(x, y, 4):
            total += tf.reduce_sum(tf.square(xc @ W - yc)) * (1.0 + 0.1 * k)
            count += 1
        loss = total / len(x)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, count


for step in range(32):
    s = (step % 4) * 10
    x, y = XS[s:s + 10], YS[s:s + 10]
    loss, count = train_step(tf.constant(x), tf.constant(y))
    print(step, len(x), repr(float(loss)), count, MADE)

print("W", [repr(float(v)) for v in W.numpy().ravel()], MADE)
