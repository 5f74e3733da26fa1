"""Gradient clipping switched between modes mid-run, as when debugging exploding
gradients: an SGD(momentum) optimizer starts unclipped, then the loop sets
`opt.clipnorm = 0.05`, later replaces it with `opt.clipvalue = 0.01` (clearing
clipnorm), then `opt.global_clipnorm = 0.02`, then back to no clipping, and finally
sets clipnorm to 0 (Keras' `if self.clipnorm and self.clipnorm > 0` test).  The inputs
are scaled up so clipping matters.  Probes: the optimizer's clipping attributes
replaced between steps (library state read while building)."""
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4119)
rng = np.random.default_rng(4119)
XS = (rng.normal(size=(80, 6)) * 3.0).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 4:5]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.01, momentum=0.8)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, tf.linalg.global_norm(grads)


for step in range(42):
    if step == 6:
        OPT.clipnorm = 0.05
    elif step == 12:
        OPT.clipnorm = None
        OPT.clipvalue = 0.01
    elif step == 18:
        OPT.clipvalue = None
        OPT.global_clipnorm = 0.02
    elif step == 26:
        OPT.global_clipnorm = None
    elif step == 32:
        OPT.clipnorm = 0
    elif step == 36:
        OPT.clipnorm = 0.5
    i = (step * 8) % 72
    loss, gn = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(gn)), repr(float(tf.reduce_sum(W2))))

print("W1", repr(float(tf.reduce_sum(W1))), "W2", [repr(float(v)) for v in W2.numpy().ravel()])
