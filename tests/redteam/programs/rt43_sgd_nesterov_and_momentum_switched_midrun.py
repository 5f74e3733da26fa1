"""Optimizer reconfiguration mid-training: a Keras SGD optimizer starts with momentum 0.5
and no Nesterov; at step 11 the program switches on Nesterov (`OPT.nesterov = True`), at
step 17 lowers the momentum (`OPT.momentum = 0.9` → 0.2 via attribute write), and at step
23 replaces the optimizer's `global_clipnorm` with a float.  Keras reads these plain
attributes inside `apply_gradients` while janus builds.  The step also reads
`OPT.momentum` itself to scale a penalty.  Probes: Keras optimizer attributes written
between calls (watched library dicts), read by library code at build time and by the
step."""
import random

import numpy

random.seed(4344)
numpy.random.seed(4344)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4344)
rng = np.random.default_rng(4344)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) * 2).astype(np.float32)
W = tf.Variable(np.zeros((5, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y)) + 0.001 * OPT.momentum * tf.reduce_sum(W * W)
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss


for step in range(30):
    if step == 11:
        OPT.nesterov = True
    if step == 17:
        OPT.momentum = 0.2
    if step == 23:
        OPT.global_clipnorm = 0.5
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(W[0, 0])))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "B": repr(float(B[0]))}))
