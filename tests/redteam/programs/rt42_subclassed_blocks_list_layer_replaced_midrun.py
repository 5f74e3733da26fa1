"""Head surgery during fine-tuning: a subclassed model keeps its layers in a Python list
(`self.blocks`, which Keras wraps in a TrackedList).  At step 12 the loop replaces the
middle block with a fresh, pre-built Dense of another activation
(`net.blocks[1] = new`), and at step 20 replaces the output layer with a zero-initialised one.
The step differentiates over `net.trainable_variables` and updates with hand-written
SGD (no slot state), skipping variables whose gradient is None (the old block stays
tracked).  janus must follow items of a Keras-tracked list the model's
`call` iterates."""
import random

import numpy

random.seed(35)
numpy.random.seed(35)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4235)
rng = np.random.default_rng(4235)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.5).astype(np.float32)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [keras.layers.Dense(8, activation="relu"),
                       keras.layers.Dense(8, activation="tanh"),
                       keras.layers.Dense(1)]

    def call(self, x):
        for b in self.blocks:
            x = b(x)
        return x


net = Net()
net(tf.zeros((1, 4)))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(net(x) - y))
    tv = net.trainable_variables
    grads = tape.gradient(loss, tv)
    used = 0
    for v, g in zip(tv, grads):
        if g is not None:
            v.assign_sub(0.05 * g)
            used += 1
    return loss, len(tv), used


for step in range(30):
    if step == 12:
        new = keras.layers.Dense(8, activation="sigmoid")
        new(tf.zeros((1, 8)))
        net.blocks[1] = new
    if step == 20:
        sc = keras.layers.Dense(1, kernel_initializer="zeros")
        sc(tf.zeros((1, 8)))
        net.blocks[2] = sc
    i = (step * 8) % 88
    loss, n, used = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, used)

print(json.dumps({
    "w": [[repr(float(a)) for a in v.numpy().ravel()[:3]] for v in net.trainable_variables],
}))
