"""Keras' fuzz factor (keras.config.epsilon(), a module global of keras.src.backend.config)
is read by the step on every call and added with keras.ops to a norm before dividing.  At
step 15 the loop re-applies the run's configuration loaded through numpy:
keras.config.set_epsilon(np.float64(1e-7)), a value equal (==) to the default 1e-7 but a
numpy float64, which Keras types strongly: keras.ops.add(norm32, np.float64(1e-7)) is
float64, so the whole loss becomes float64 in eager.  Probes: the watch on library module
globals comparing a re-bound setting by value instead of by type/identity."""
import random

import numpy

random.seed(2802)
numpy.random.seed(2802)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2802)
rng = np.random.default_rng(2802)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CONFIG = {"epsilon": np.float64(1e-7)}


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = keras.ops.tanh(keras.ops.matmul(x, W1))
        nrm = keras.ops.sqrt(keras.ops.sum(keras.ops.square(h), axis=1, keepdims=True))
        hn = keras.ops.divide(h, keras.ops.add(nrm, keras.config.epsilon()))
        pred = keras.ops.matmul(hn, W2)
        loss = keras.ops.mean(keras.ops.square(keras.ops.subtract(pred, y)))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        keras.config.set_epsilon(CONFIG["epsilon"])
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, loss.dtype.name, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
