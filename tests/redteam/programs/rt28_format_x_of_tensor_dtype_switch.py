"""The step logs the index of the worst example in hex, f"{code:x}" of a tensor,
code = tf.cast(tf.argmax(err), CODE_DTYPE); the EagerTensor formats through its numpy
value, and numpy's float scalars refuse the `x` format code (ValueError).  At step 15 the loop switches CODE_DTYPE from
tf.int64 to tf.float32 (a "store everything as float" refactor): eager's f-string raises
ValueError before the update.  Probes: a format spec of a tensor the graph computes that
numpy refuses for one dtype only, formatted after the graph."""
import random

import numpy

random.seed(2826)
numpy.random.seed(2826)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2826)
rng = np.random.default_rng(2826)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CODE_DTYPE = tf.int64


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        err = tf.square(h @ W2 - y)[:, 0]
        loss = tf.reduce_mean(err)
    code = tf.cast(tf.argmax(err), CODE_DTYPE)
    print("  worst", f"{code:x}")
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        CODE_DTYPE = tf.float32
    if step == 22:
        CODE_DTYPE = tf.int32
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)))
    except ValueError as e:
        print(step, "ValueError", e, int(OPT.iterations))

print(json.dumps({
    "iterations": int(OPT.iterations),
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
