"""Inside the step, np.array2string(h_mean.numpy(), precision=PREC) and
np.format_float_positional(float(loss), precision=PREC) are printed.  At step 15 PREC changes from 3 to 5.  Probes: numpy's formatting functions given a graph value
and a Python setting in a converted step."""
import random

import numpy

random.seed(2902)
numpy.random.seed(2902)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2902)
rng = np.random.default_rng(2902)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = np.tanh(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 2)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(2, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.1)
PREC = 3


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    m = tf.reduce_mean(h, axis=0)
    print("h-mean", np.array2string(m.numpy(), precision=PREC, suppress_small=True),
          np.format_float_positional(float(loss), precision=PREC))
    return loss


for step in range(30):
    if step == 15:
        PREC = 5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
