"""A step starts `h = x` (the caller's batch tensor) and runs a data-decided loop
`for i in tf.range(n)` that rebinds `h = tf.tanh(h @ W)`; for some batches n is 0.
After the loop the step records `h is x` in a Python list, stores `self.last_h = h`,
and the loop compares `trainer.last_h is xb` with the batch it passed.  Probes: identity
of a loop-carried tensor after zero trips (eagerly it is the caller's object) and after
one or more trips (a new tensor)."""
import random

import numpy

random.seed(43)
numpy.random.seed(43)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4004)
rng = np.random.default_rng(4004)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5).astype(np.float32)
YS[16:24] = -3.0
YS[48:56] = -3.0
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self):
        self.last_h = None
        self.same = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            n = tf.reduce_sum(tf.cast(y[:, 0] > -1.0, tf.int32)) // 3
            h = x
            for i in tf.range(n):
                h = tf.tanh(h @ W)
            loss = tf.reduce_mean(tf.square(h @ U - y))
        grads = tape.gradient(loss, [W, U])
        OPT.apply_gradients(zip(grads, [W, U]))
        self.same.append(h is x)
        self.last_h = h
        return loss, n


tr = Trainer()
for step in range(30):
    i = (step * 8) % 80
    xb = tf.constant(XS[i:i + 8])
    loss, n = tr.step(xb, tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), tr.same[-1], tr.last_h is xb)

print(sum(tr.same), repr(float(tf.reduce_sum(W))), repr(float(tf.reduce_sum(U))))
