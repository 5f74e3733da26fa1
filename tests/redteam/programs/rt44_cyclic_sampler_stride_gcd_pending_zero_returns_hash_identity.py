"""A cyclic sampler's stride bookkeeping: each batch carries a 63-bit sample-hash id; the
step counts the examples still pending in the batch (`int(tf.reduce_sum(pending))`, a
Python int the graph computes) and stores `math.gcd(h, n_pending)` as the next stride
and `math.gcd(n_pending, h)` as its mirror.  Once the model fits (loss under a bound) no
example is pending, n_pending is 0, and CPython's gcd of a large int and 0 returns the
large int object itself; the caller tests `TR.stride is h` to detect "nothing pending"
cheaply, and the step also keeps `max(h, n_pending)`.  Probes: identity of a large
Python int argument through math.gcd with a count the graph computes that becomes 0
after conversion; results stored on an object and compared by the caller."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4421)
rng = np.random.default_rng(4421)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.4 + XS[:, 3:4] * 0.2).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.15, momentum=0.5)


class Sampler:
    def __init__(self):
        self.stride = None
        self.mirror = None
        self.top = None


TR = Sampler()


def train_step(x, y, h):
    with tf.GradientTape() as tape:
        err = tf.abs(x @ W - y)
        loss = tf.reduce_mean(tf.square(err))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    n_pending = int(tf.reduce_sum(tf.cast(err > 0.05, tf.int32)))
    TR.stride = math.gcd(h, n_pending)
    TR.mirror = math.gcd(n_pending, h)
    TR.top = max(h, n_pending)
    return loss, n_pending


for step in range(32):
    h = 2 ** 62 + 104729 * (step % 7) + 1
    i = (step * 8) % 120
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), h)
    print(step, repr(float(loss)), n, TR.stride, TR.stride is h, TR.mirror is h, TR.top is h)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
