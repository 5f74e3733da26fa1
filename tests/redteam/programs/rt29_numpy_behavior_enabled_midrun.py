"""The step adds np.float64(0.5) to a float32 tensor and prints the result's dtype and
value.  At step 15 the loop calls
tf.experimental.numpy.experimental_enable_numpy_behavior() (numpy-style type promotion:
the sum becomes float64).  Probes: TF's type-promotion mode switched between calls."""
import random

import numpy

random.seed(2932)
numpy.random.seed(2932)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2932)
rng = np.random.default_rng(2932)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    z = tf.reduce_sum(W) + np.float64(0.5)
    print("z", z.dtype.name, repr(float(z)))
    return loss


for step in range(30):
    if step == 15:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
