"""A custom layer records an activity penalty with `self.add_loss(...)` when called.  The
step calls it (as an entry layer, so Keras clears its `losses` first) only on one arm of
an `if` on a tensor; on the other arm the layer is not called, so eagerly its `losses`
list still holds the value from the last call that took the first arm.  The step does not read
the losses itself; the loop prints how many losses the layer holds and their value
after each call (stale after a call that took the other arm).  Both arms run early and later.
Probes: Keras' per-layer loss list written in one arm of a branch on a tensor and read
stale on the other path."""
import random

import numpy

random.seed(3914)
numpy.random.seed(3914)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3914)
rng = np.random.default_rng(3914)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)


class ActReg(keras.layers.Layer):
    def call(self, x):
        self.add_loss(0.05 * tf.reduce_mean(tf.square(x)))
        return x * 1.0


D1 = keras.layers.Dense(6, activation="tanh")
D2 = keras.layers.Dense(1)
REG = ActReg()
D2(REG(D1(XS[:2])))
VARS = D1.trainable_weights + D2.trainable_weights
OPT = keras.optimizers.SGD(learning_rate=0.05)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        h = D1(x)
        if tf.reduce_mean(y) + off > 0.5:
            h = REG(h)
        out = D2(h)
        loss = tf.reduce_mean(tf.square(out - y))
        total = loss * 1.0
    grads = tape.gradient(total, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, total


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, total = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                             tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(float(total)), len(REG.losses),
          [repr(float(v)) for v in REG.losses])

for v in VARS:
    print(v.path, v.numpy().ravel().tolist())
