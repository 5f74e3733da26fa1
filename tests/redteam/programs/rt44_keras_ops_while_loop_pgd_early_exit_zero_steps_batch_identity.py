"""Adversarial training with an early-exit PGD attack written with keras.ops.while_loop:
starting from the clean batch, the attack takes signed-gradient steps while the
adversarial loss is below a target and fewer than 3 steps were taken.  When the clean
batch's loss is already above the target the loop body never runs, and eagerly
keras.ops.while_loop hands back its initial loop variables, so `x_adv is x`; the step
counts such batches and the caller compares the returned batch with the one it passed.
In the profiled calls the attack always ran; from step 9 the target is lowered (a global
float) so that many batches skip it.  Probes: identity of a caller tensor through
keras.ops.while_loop after zero iterations, after a profile in which it always iterated."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4428)
rng = np.random.default_rng(4428)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.6 + XS[:, 4:5] * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.03)
TARGET = 5.0


class Stats:
    def __init__(self):
        self.skipped = 0
        self.attacked = 0


ST = Stats()


def adv_loss(xa, y):
    return tf.reduce_mean(tf.square(xa @ W - y))


def train_step(x, y):
    def cond(xa, k):
        return tf.logical_and(k < 3, adv_loss(xa, y) < TARGET)

    def body(xa, k):
        with tf.GradientTape() as inner:
            inner.watch(xa)
            l = adv_loss(xa, y)
        g = inner.gradient(l, xa)
        return xa + 0.1 * tf.sign(g), k + 1

    x_adv, steps = keras.ops.while_loop(cond, body, (x, tf.constant(0)))
    if x_adv is x:
        ST.skipped += 1
    else:
        ST.attacked += 1
    with tf.GradientTape() as tape:
        loss = 0.5 * adv_loss(x, y) + 0.5 * adv_loss(x_adv, y)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, x_adv, steps


for step in range(30):
    if step == 9:
        TARGET = 0.05
    i = (step * 8) % 120
    xb = tf.constant(XS[i:i + 8])
    loss, x_adv, steps = train_step(xb, tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(steps), x_adv is xb, ST.skipped, ST.attacked)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "stats": [ST.skipped, ST.attacked]}))
