"""A hand-written inner refinement uses keras.ops.fori_loop(0, 5, body, (h, 1.0)) whose
carry holds a Python float step size that body() shrinks with Python arithmetic
(lr_k = lr_k * 0.83 + 0.007).  Keras' TF backend runs tf.while_loop; TF's eager
while_loop is a Python loop that keeps the Python float a double until it meets a
tensor, while a graph's while_v2 turns it into a float32 loop variable before the first
iteration.  The refined state and the final step size feed the loss.  Probes: the
eager Python loop under Keras' fori_loop vs while_v2."""
import random

import numpy

random.seed(3429)
numpy.random.seed(3429)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3429)
rng = np.random.default_rng(3429)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2] * 0.3).astype(np.float32)
ENC = keras.layers.Dense(6, activation="tanh")
DEC = keras.layers.Dense(1)
ENC.build((None, 4))
DEC.build((None, 6))
OPT = keras.optimizers.Adam(learning_rate=0.01)


def body(i, carry):
    h, lr_k = carry
    h = h - lr_k * (h - tf.tanh(h * 1.5))
    return (h, lr_k * 0.83 + 0.007)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h0 = ENC(x)
        h, lr_k = keras.ops.fori_loop(0, 5, body, (h0, 1.0))
        loss = tf.reduce_mean(tf.square(DEC(h) - y)) + 0.01 * lr_k
    tv = ENC.trainable_variables + DEC.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, lr_k


for step in range(36):
    i = (step * 8) % 88
    loss, lr_k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(lr_k).hex())

for v in ENC.trainable_variables + DEC.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
