"""The step runs a small refinement loop `for _ in range(n_refine)` whose bound is a tensor
it computes, n_refine = tf.cast(1 + argmax(err) % 3, BOUND_DTYPE).  range() asks the
EagerTensor for __index__, which works only for integer dtypes (for a float tensor TF's
__index__ raises AttributeError: 'numpy.float32' object has no attribute '__index__').  At step 15 the
loop switches BOUND_DTYPE from tf.int32 to tf.float32: eager's range() raises before the
update.  At step 23 it switches back.  Probes: a loop on a tensor bound
(tf.while_loop in a graph) whose bound eager refuses for its dtype."""
import random

import numpy

random.seed(2844)
numpy.random.seed(2844)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2844)
rng = np.random.default_rng(2844)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BOUND_DTYPE = tf.int32


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        err = tf.square(h @ W2 - y)[:, 0]
        n_refine = tf.cast(1 + tf.argmax(err) % 3, BOUND_DTYPE)
        z = h
        for _ in range(n_refine):
            z = 0.5 * (z + tf.tanh(z))
        loss = tf.reduce_mean(tf.square(z @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        BOUND_DTYPE = tf.float32
    if step == 23:
        BOUND_DTYPE = tf.int32
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)))
    except (TypeError, AttributeError) as e:
        print(step, type(e).__name__, str(e)[:60], int(OPT.iterations))

print(json.dumps({
    "iterations": int(OPT.iterations),
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
