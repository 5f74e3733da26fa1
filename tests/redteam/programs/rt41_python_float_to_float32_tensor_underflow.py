"""The step computes a tiny Python-float regularisation coefficient from the current
loss (`coef = float(loss) * 3e-39`, an ordinary double) and hands it to TF as a
float32 tensor (`tf.constant(coef, tf.float32)` and `tf.fill`), returning both; the
loop prints them and their product with 1e30 computed in numpy.  Eagerly the Python
float is converted to float32 by the host conversion, which keeps the float32
subnormal; a graph that carries the Python float as float64 and casts it with a TF
kernel flushes it to zero.  Probes: Python floats the graph computes, converted to
float32 tensors where the float32 value is subnormal."""
import random

import numpy

random.seed(30)
numpy.random.seed(30)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4123)
rng = np.random.default_rng(4123)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.8 - 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    coef = float(loss) * 3e-39
    c32 = tf.constant(coef, tf.float32)
    filled = tf.fill([2], coef)
    return loss, c32, filled


for step in range(30):
    i = (step * 8) % 56
    loss, c32, filled = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(c32.numpy())), repr(float(filled.numpy()[1])),
          bool(c32.numpy()), repr(float(c32.numpy().astype(np.float64) * 1e30)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
