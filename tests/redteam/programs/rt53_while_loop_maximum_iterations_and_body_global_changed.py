"""Input preprocessing by a data-dependent fixed-point loop inside the step:
`tf.while_loop(keep_going, shrink, [0, x], maximum_iterations=MAXIT)` shrinks the batch
until its largest magnitude drops below LIMIT, where `shrink` scales it by
GAIN (module functions reading globals GAIN and LIMIT); the model is
then trained on the result and the step returns the trip count as a Python int.  The
loop changes MAXIT from 6 to 2 at step 9 and to None at step 17, GAIN at step 13 and
LIMIT at step 23.  Probes: a `tf.while_loop` whose trip count the data decides, capped by
a Python `maximum_iterations` read from a global (None included), globals read in its
condition and body changed between calls, and `int()` of the loop counter."""
import random

import numpy

random.seed(563)
numpy.random.seed(563)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(563)
rng = np.random.default_rng(563)
XS = (rng.normal(size=(160, 5)) * rng.uniform(0.5, 6.0, size=(160, 1))).astype(np.float32)
YS = (np.tanh(XS[:, :1] / 3.0) + 0.1 * XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(0.01)
MAXIT = 6
GAIN = 0.8
LIMIT = 1.5


def keep_going(i, h):
    return tf.reduce_max(tf.abs(h)) > LIMIT


def shrink(i, h):
    return i + 1, h * GAIN


def train_step(x, y):
    n, xs = tf.while_loop(keep_going, shrink, (tf.constant(0), x), maximum_iterations=MAXIT)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(xs) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, int(n), xs


for step in range(32):
    if step == 9:
        MAXIT = 2
    if step == 13:
        GAIN = 0.6
    if step == 17:
        MAXIT = None
    if step == 23:
        LIMIT = 0.75
    i = (step * 8) % 152
    loss, n, xs = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, repr(float(tf.reduce_max(tf.abs(xs)))))

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))
