"""Probes SGD hyper-parameters changed after the optimizer built its slots, including a
change that makes Keras' own update code raise.

Two SGD optimizers train two halves of a model.  OPT_A is built with momentum 0.5: at
step 10 the program turns `nesterov` on, at step 18 sets `momentum = 0` (an int: the
plain-SGD path, slots kept), at step 26 sets `momentum = np.float32(0.7)`.  OPT_B is built
with momentum 0.0 (no momentum slots): at step 14 the program sets `momentum = 0.9`, so
Keras' `update_step` indexes an empty `momentums` list and raises IndexError before any
update; the loop catches it (the whole step is skipped: OPT_A's update comes after) and
at step 17 restores `momentum = 0.0`.

A graph that kept the first hyper-parameters, or that applied OPT_A's update before
discovering OPT_B's failure, leaves other weights and iteration counts; the printed
losses and caught errors differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2023)
random.seed(2023)
np.random.seed(2023)
rng = np.random.default_rng(2023)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT_A = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)
OPT_B = keras.optimizers.SGD(learning_rate=0.05, momentum=0.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    OPT_B.apply_gradients([(g2, W2)])
    OPT_A.apply_gradients([(g1, W1)])
    return loss


for step in range(36):
    if step == 10:
        OPT_A.nesterov = True
    if step == 14:
        OPT_B.momentum = 0.9
    if step == 17:
        OPT_B.momentum = 0.0
    if step == 18:
        OPT_A.momentum = 0
    if step == 26:
        OPT_A.momentum = np.float32(0.7)
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, round(float(loss), 6), int(OPT_A.iterations.numpy()), int(OPT_B.iterations.numpy()))
    except IndexError as e:
        print(step, "IndexError", str(e), int(OPT_A.iterations.numpy()), int(OPT_B.iterations.numpy()))

print(json.dumps({
    "W1": [round(float(v), 6) for v in W1.numpy().ravel()[:8]],
    "W2": [round(float(v), 6) for v in W2.numpy().ravel()],
    "momA": [round(float(v), 6) for v in OPT_A.momentums[0].numpy().ravel()[:4]],
    "iters": [int(OPT_A.iterations.numpy()), int(OPT_B.iterations.numpy())],
}))
