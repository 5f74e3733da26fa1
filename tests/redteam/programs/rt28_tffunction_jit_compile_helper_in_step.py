"""The step calls the program's own feature function, a tf.function(jit_compile=True):
eager runs it as an XLA cluster, whose tanh/exp/erf round differently from TF's kernels
(about half the elements of a batch differ in the last bits).  The helper takes a Python
float `temp` (traced per value); at step 15 the loop lowers the temperature, so eager
traces and XLA-compiles a second concrete function.  Probes: the program's tf.function
inlined into janus's graph (a `_noinline` copy) keeping its XLA compilation."""
import random

import numpy

random.seed(2816)
numpy.random.seed(2816)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2816)
rng = np.random.default_rng(2816)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TEMP = 1.0


@tf.function(jit_compile=True)
def features(x, w, temp):
    z = x @ w
    return tf.tanh(z / temp) * tf.exp(-0.1 * z) + 0.1 * tf.math.erf(z)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = features(x, W1, TEMP)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        TEMP = 0.7
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
