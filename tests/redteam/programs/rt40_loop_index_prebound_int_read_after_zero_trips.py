"""A step binds `i = -1` (a Python int) before `for i in tf.range(n)`, where n counts the
rows above a threshold and is zero for some batches; the body breaks nothing and just
accumulates.  After the loop the step reads `last = i` and returns it along with
`type(last).__name__`; the outer loop prints both.  Eagerly, after zero trips `i` is
still the int -1; after one or more trips it is the last int32 tensor index.  Probes:
a name rebound by a loop on a tensor whose pre-loop value has another type."""
import random

import numpy

random.seed(52)
numpy.random.seed(52)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4013)
rng = np.random.default_rng(4013)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + 0.2).astype(np.float32)
YS[32:40] = -1.0
YS[72:80] = -1.0
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W - y
        n = tf.reduce_sum(tf.cast(y[:, 0] > 0.3, tf.int32))
        acc = tf.constant(0.0)
        i = -1
        for i in tf.range(n):
            acc += tf.abs(err[i, 0])
        last = i
        loss = tf.reduce_mean(tf.square(err)) + 0.01 * acc
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, last, type(last).__name__


for step in range(30):
    i = (step * 8) % 80
    loss, last, tname = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(last), tname)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
