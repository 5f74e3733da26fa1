"""A program that turns on TF's NumPy behaviour
(tf.experimental.numpy.experimental_enable_numpy_behavior), under which an int32
tensor times a Python float promotes to float64 (and `.T`, `.reshape` and friends
exist on tensors).  The step counts positive residuals as an int32 tensor and
multiplies the count by a Python float weight that changes every step (so it is a
graph input to a converted step) and by a constant; it casts the result to float32
for the loss and returns the float64 product, printing its dtype and value.  Probes:
TF's NumPy-behaviour dtype promotion of Python numbers the graph carries."""
import random

import numpy

random.seed(51)
numpy.random.seed(51)

import keras
import numpy as np
import tensorflow as tf

tf.experimental.numpy.experimental_enable_numpy_behavior(prefer_float32=False)
keras.utils.set_random_seed(4143)
rng = np.random.default_rng(4143)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.4 - XS[:, 1:2] * 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, wpos):
    with tf.GradientTape() as tape:
        err = x @ W - y
        npos = tf.reduce_sum(tf.cast(err > 0.0, tf.int32))
        bonus = npos * wpos
        frac = npos * 0.1
        loss = tf.reduce_mean(tf.square(err)) * (1.0 + tf.cast(bonus, tf.float32) * 0.01)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, bonus, frac


for step in range(32):
    i = (step * 8) % 64
    wpos = 0.3 + 0.017 * step
    loss, bonus, frac = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), wpos)
    print(step, repr(float(loss)), bonus.dtype.name, repr(float(bonus)), frac.dtype.name, repr(float(frac)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
