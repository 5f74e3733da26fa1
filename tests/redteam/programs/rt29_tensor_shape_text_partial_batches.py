"""The step prints str(x.shape), x.shape.as_list(), x.shape == (8, 4) and
x.get_shape().num_elements(); the loop feeds batches of 8 and at step 15 switches to
batches of 6 (then 5 at step 22), so janus relaxes the batch dimension.  Probes: text
and comparisons of TensorShapes whose dimension a relaxed graph does not know."""
import random

import numpy

random.seed(2921)
numpy.random.seed(2921)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2921)
rng = np.random.default_rng(2921)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BS = 8


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print("shape", str(x.shape), x.shape.as_list(), x.shape == (8, 4), x.get_shape().num_elements())
    return loss


for step in range(30):
    if step == 15:
        BS = 6
    if step == 22:
        BS = 5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + BS]), tf.constant(YS[i:i + BS]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
