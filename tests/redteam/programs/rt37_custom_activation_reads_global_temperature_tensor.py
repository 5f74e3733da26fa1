"""A Dense layer's activation is the program's function scaled_tanh(x), which divides by
the global TEMP, a scalar tensor the training loop rebinds before every call (an
annealing schedule computed outside the step as a tensor).  Keras calls the activation
from inside Dense.call, so a graph's build reaches the program's function through
library code; it must read the global tensor at call time, not keep the one it saw at
build time.  A second global, SHIFT_T (also a tensor, rebound only at step 15), is
read by the step itself.  Probes: tensors held by globals read in program callbacks
that library code calls while a graph is built."""
import random

import numpy

random.seed(3735)
numpy.random.seed(3735)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3735)
rng = np.random.default_rng(3735)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
TEMP = tf.constant(1.0)
SHIFT_T = tf.constant(0.0)


def scaled_tanh(x):
    return tf.tanh(x / TEMP)


hidden = keras.layers.Dense(6, activation=scaled_tanh)
head = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = hidden(x)
        loss = tf.reduce_mean(tf.square(head(h) + SHIFT_T - y))
    variables = hidden.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, h


for step in range(28):
    TEMP = tf.constant(1.0 + 0.25 * (step % 4))
    if step == 15:
        SHIFT_T = tf.constant(0.5)
    j = (step * 8) % 56
    loss, h = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex(), float(tf.reduce_sum(h)).hex())

print("final", [float(v).hex() for v in hidden.kernel.numpy().ravel()[:6]],
      float(tf.reduce_sum(head.kernel)).hex())
del TEMP, SHIFT_T
