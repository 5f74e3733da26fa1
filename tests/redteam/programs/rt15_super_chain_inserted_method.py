"""Probe: zero-argument super() through a class hierarchy where a method and a class
attribute are inserted into (and later removed from) an intermediate class mid-run.

Hierarchy: keras.Model <- BaseNet (defines `head_loss` and `margin = 0.0`) <- MidNet
(defines neither at first) <- Net (whose `head_loss` calls super().head_loss(...) and
reads self.margin). The custom step calls net.head_loss. At step 10 the loop assigns
MidNet.head_loss = a function that itself calls BaseNet.head_loss and adds a term; at
step 16 it sets MidNet.margin = 0.2 (shadowing BaseNet.margin for self.margin); at step
24 it deletes both from MidNet. Net and BaseNet never change, the instance never
changes. Eager's super() lookup starts after Net in the MRO and finds MidNet's new
method at once; a guard that only covers Net's and BaseNet's attributes, or the class
where the method was found at build time, misses the insertion. Mechanism: MRO lookups
of super() and of inherited attributes, with shadowing added in between."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1511)
rng = np.random.default_rng(1511)
XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 2) + 0.1 * XS[:, 1:2]).astype(np.float32)


class BaseNet(keras.Model):
    margin = 0.0

    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(6, activation="tanh")
        self.d2 = keras.layers.Dense(1)

    def call(self, x):
        return self.d2(self.d1(x))

    def head_loss(self, y, pred):
        return tf.reduce_mean(tf.square(pred - y))


class MidNet(BaseNet):
    pass


class Net(MidNet):
    def head_loss(self, y, pred):
        base = super().head_loss(y, pred)
        return base + self.margin * tf.reduce_mean(tf.abs(pred))


def mid_head_loss(self, y, pred):
    return BaseNet.head_loss(self, y, pred) + 0.05 * tf.reduce_mean(tf.square(pred))


net = Net()
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = net(x)
        loss = net.head_loss(y, pred)
    grads = tape.gradient(loss, net.trainable_variables)
    opt.apply_gradients(zip(grads, net.trainable_variables))
    return loss


for step in range(32):
    if step == 10:
        MidNet.head_loss = mid_head_loss
    if step == 16:
        MidNet.margin = 0.2
    if step == 24:
        del MidNet.head_loss
        del MidNet.margin
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "margin", net.margin)

print(json.dumps({"w": [round(float(v), 6) for v in net.d1.kernel.numpy().ravel()[:8]],
                  "iterations": int(opt.iterations.numpy())}))
