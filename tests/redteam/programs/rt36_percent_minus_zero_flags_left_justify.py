"""The step logs with printf-style `%` formatting of Python numbers the graph computes:
`%-06d` (left-justify wins over zero padding in printf: '7     '), `%-010.4f`, and `%i` /
`%-05i`/`%-07u` of ints.  A converter from
`%` conversions to format() specs that maps `%-06d` to `<06d` gives '700000' (the
format mini-language zero-fills to the right under '<'), and likewise `%-05i` to `<05d`.  At step 15 the global FMT switches to a variant with `%+-8i` and
`%-#010x` so a new graph is built for the new format string."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3601)
rng = np.random.default_rng(3601)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
FMT = "n=%-06d|v=%-010.4f|i=%-05i|u=%-07u|s=%-+8.2f|"
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    n = int(OPT.iterations) * 7 + 3
    v = float(loss) * 1000.0 - 250.0
    if FMT.count("%") == 5:
        line = FMT % (n, v, n // 3, n * 11, v)
    else:
        line = FMT % (n, v, n + 1, n)
    LOG.append(line)
    return loss, line


for step in range(30):
    if step == 15:
        FMT = "n=%+-08i|v=%-012.3e|w=%-0u|x=%-#010x|"
    i = (step * 8) % 56
    loss, line = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(line))

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "log_tail": LOG[-3:],
    "nlog": len(LOG),
}))
