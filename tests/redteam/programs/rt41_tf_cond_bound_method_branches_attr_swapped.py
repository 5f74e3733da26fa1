"""A regulariser object decides per step between two penalties with
tf.cond(pred, self.strong, self.weak), bound methods reading the object's own
attributes (a coefficient and a tensor anchor) and a global.  Between steps the loop
changes the coefficient, replaces the anchor tensor, swaps the class's `weak` method
for another function, and then shadows `strong` with an instance attribute (a
lambda).  Eagerly each tf.cond calls the current bound method of the branch taken.
Probes: bound-method tf.cond branches whose object, class and instance dict change
between steps."""
import random

import numpy

random.seed(21)
numpy.random.seed(21)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4114)
rng = np.random.default_rng(4114)
XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, 1:2] * 0.6 + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)
GLOBAL_SCALE = 1.0


class Reg:
    def __init__(self):
        self.coef = 0.05
        self.anchor = tf.zeros((5, 1))

    def strong(self):
        return self.coef * tf.reduce_sum(tf.square(W - self.anchor)) * GLOBAL_SCALE

    def weak(self):
        return self.coef * 0.1 * tf.reduce_sum(tf.abs(W))


def weak_v2(self):
    return self.coef * tf.reduce_sum(tf.abs(W - self.anchor)) * 0.3


REG = Reg()


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        pen = tf.cond(mse > 0.3, REG.strong, REG.weak)
        loss = mse + pen
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, pen


for step in range(40):
    if step == 8:
        REG.coef = 0.2
    elif step == 13:
        REG.anchor = tf.ones((5, 1)) * 0.1
    elif step == 18:
        Reg.weak = weak_v2
    elif step == 24:
        REG.strong = lambda: tf.reduce_sum(W) * 0.0 + 0.125
    elif step == 30:
        del REG.strong
        GLOBAL_SCALE = 3.0
    i = (step * 8) % 64
    loss, pen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(pen)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
