"""Position-weighted loss over the rows of a batch whose size changes every call (sizes
8, 5, 7, 3, 6 cycle, so the batch dimension is relaxed): the step iterates
`for j, row in enumerate(x)` (eagerly a Python int j and a row tensor), weights each
row's squared error by a Python float `w = 1.0 / (1 + j) ** 0.5` and a decay computed
from `len(x)` (`(j + 1) / len(x)`), and collects the weights in a carried Python float
sum.  The outer loop prints the loss, the weight sum (repr) and its type.  Probes:
enumerate() of a tensor over a relaxed first dimension, Python float arithmetic on the
enumerate index and on len() of a relaxed tensor."""
import random

import numpy

random.seed(83)
numpy.random.seed(83)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4043)
rng = np.random.default_rng(4043)
XS = rng.normal(size=(160, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.3 + XS[:, 2:3] * 0.6).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIZES = [8, 5, 7, 3, 6]


def train_step(x, y):
    with tf.GradientTape() as tape:
        tot = tf.constant(0.0)
        wsum = 0.0
        for j, row in enumerate(x):
            w = 1.0 / (1 + j) ** 0.5 + (j + 1) / len(x)
            tot += w * tf.square(tf.reduce_sum(row * W[:, 0]) - y[j, 0])
            wsum += w
        loss = tot / wsum
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, wsum


pos = 0
for step in range(30):
    n = SIZES[step % 5]
    loss, wsum = train_step(tf.constant(XS[pos:pos + n]), tf.constant(YS[pos:pos + n]))
    pos = (pos + n) % 140
    print(step, n, repr(float(loss)), repr(wsum), type(wsum).__name__)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
