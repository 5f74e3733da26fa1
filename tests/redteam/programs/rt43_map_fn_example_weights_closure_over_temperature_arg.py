"""Self-paced learning: per-example weights are computed with `tf.map_fn` over the
per-example losses, whose fn closes over the step's locals: the annealed temperature the
caller passes as a new Python float every step (`tau = 2.0 / (1 + 0.15 * step)`), the
batch mean loss and a Python list of per-class offsets read by a Python int.  The weights
are stopped from the gradient and then scale the loss.  janus runs a loop closure "as
library code's callback is: reads of the step's variables are the call's": here one of
them is a Python number that changes at every call.  Probes: tf.map_fn whose fn reads a
Python float argument, a tensor local and a list item from the step."""
import random

import numpy

random.seed(4318)
numpy.random.seed(4318)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4318)
rng = np.random.default_rng(4318)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + rng.normal(size=(128, 1)) * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)
OFFSETS = [0.0, 0.1, -0.05]


def train_step(x, y, tau, cls):
    with tf.GradientTape() as tape:
        per = tf.reduce_mean(tf.square(x @ W - y), axis=1)
        mean = tf.stop_gradient(tf.reduce_mean(per))
        off = OFFSETS[cls]
        weights = tf.map_fn(lambda l: tf.exp(-(tf.stop_gradient(l) - mean) / tau) + off, per)
        loss = tf.reduce_mean(per * weights)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, weights


for step in range(30):
    tau = 2.0 / (1 + 0.15 * step)
    if step == 16:
        OFFSETS[1] = 0.3
    i = (step * 16) % 112
    loss, weights = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), tau, step % 3)
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(weights))))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
