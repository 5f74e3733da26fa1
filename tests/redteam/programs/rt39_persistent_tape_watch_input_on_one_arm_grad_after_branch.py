"""A persistent tape records a small model; inside the `with` block an `if` on a tensor
score decides whether the tape also watches the input batch `x` (`tape.watch(x)` on one
arm only).  After the block the step asks the tape for the gradient of the loss with
respect to `x` (None eagerly when it was not watched) and with respect to the weights,
and uses the input gradient (when present) for an adversarial-style extra loss term the
next call reads from a global.  Both arms run in the first calls and later.  Probes:
tape.watch inside an arm, gradients w.r.t. a tensor watched on one path only."""
import random

import numpy

random.seed(393)
numpy.random.seed(393)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(393)
rng = np.random.default_rng(393)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BIAS = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
        0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]
PENALTY = 0.0
NONE_COUNT = 0


def train_step(x, y, b):
    global PENALTY, NONE_COUNT
    with tf.GradientTape(persistent=True) as tape:
        pre = tf.reduce_mean(x) + b
        if pre > 0.5:
            tape.watch(x)
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + PENALTY
    gx = tape.gradient(loss, x)
    gw = tape.gradient(loss, [W1, W2])
    del tape
    OPT.apply_gradients(zip(gw, [W1, W2]))
    if gx is None:
        NONE_COUNT += 1
        PENALTY = 0.0
        gnorm = -1.0
    else:
        gnorm = float(tf.norm(gx))
        PENALTY = 0.01 * gnorm
    return loss, gnorm


for step in range(len(BIAS)):
    i = (step * 8) % 56
    loss, gnorm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                             tf.constant(BIAS[step]))
    print(step, repr(float(loss)), repr(gnorm), repr(PENALTY), NONE_COUNT)

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
print("state", repr(PENALTY), NONE_COUNT, int(OPT.iterations))
