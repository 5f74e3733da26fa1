"""A persistent tape records a small network's outputs for a batch of 4.  On one arm of an
`if` on a tensor the step takes `tape.jacobian(out, W2, experimental_use_pfor=False)`
(a Python loop of per-row gradients eagerly) and uses its squared norm as a scale; on the
other arm it takes `tape.batch_jacobian(out, x_watched, experimental_use_pfor=False)`'s
mean absolute value.  After the branch the same tape gives the loss gradient, which is
scaled by the arm's number and applied.  Both arms run early and later.  Probes:
Jacobians of a persistent tape inside the arms of a branch on a tensor, then a
gradient after it."""
import random

import numpy

random.seed(3924)
numpy.random.seed(3924)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3924)
rng = np.random.default_rng(3924)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(3, 2))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(5, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


def train_step(x, y, off):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        out = tf.tanh(x @ W1) @ W2
        loss = tf.reduce_mean(tf.square(out - y))
    if tf.reduce_mean(y) + off > 0.5:
        j = tape.jacobian(out, W2, experimental_use_pfor=False)
        scale = 1.0 / (1.0 + tf.reduce_sum(tf.square(j)))
    else:
        bj = tape.batch_jacobian(out, x, experimental_use_pfor=False)
        scale = 1.0 / (1.0 + tf.reduce_mean(tf.abs(bj)))
    grads = tape.gradient(loss, [W1, W2])
    del tape
    OPT.apply_gradients(zip([g * scale for g in grads], [W1, W2]))
    return loss, scale


for step in range(len(OFF)):
    i = (step * 4) % 60
    loss, scale = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]),
                             tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(float(scale)))

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
