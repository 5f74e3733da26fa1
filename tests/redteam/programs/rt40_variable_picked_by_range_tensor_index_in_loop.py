"""A model keeps a Python list of three weight variables.  The step loops `for k in
range(n)` with n a tensor decided by the batch (2..5); eagerly k is a Python int, and
the body picks `v = self.blocks[k % 3]` (a variable chosen by the loop index) and applies
`h = tf.tanh(h @ v)`, so blocks are reused cyclically.  The tape's gradient is taken
for all three blocks (a block not reached gives None, replaced by zeros with a Python
count of the None gradients).  Probes: a variable chosen inside a loop on a tensor by a
Python int index, gradients that exist only for the blocks the data reached."""
import random

import numpy

random.seed(56)
numpy.random.seed(56)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4017)
rng = np.random.default_rng(4017)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1])).astype(np.float32)


class Net:
    def __init__(self):
        self.blocks = [tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5) for _ in range(3)]
        self.head = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
        self.nones = 0

    def step(self, x, y):
        n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.2, tf.int32)) % 3
        with tf.GradientTape() as tape:
            h = x
            for k in range(n):
                v = self.blocks[k % 3]
                h = tf.tanh(h @ v)
            loss = tf.reduce_mean(tf.square(h @ self.head - y))
        grads = tape.gradient(loss, self.blocks + [self.head])
        for g, v in zip(grads, self.blocks + [self.head]):
            if g is None:
                self.nones += 1
            else:
                v.assign_sub(0.05 * g)
        return loss, n


net = Net()
for step in range(30):
    i = (step * 8) % 96
    loss, n = net.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), net.nones)

print([repr(float(tf.reduce_sum(b))) for b in net.blocks], repr(float(tf.reduce_sum(net.head))))
