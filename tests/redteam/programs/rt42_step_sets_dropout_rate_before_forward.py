"""Scheduled dropout set inside the step: before the forward pass the step writes
`self.drop.rate = RATES[stage]` (stage passed by the caller), then calls the model in
training mode; Keras' Dropout.call reads `self.rate` natively.  The stage moves from
0 (rate 0.5) to 1 (rate 0.1) at step 12 and to 2 (rate 0.0) at step 20.  Eagerly the
write precedes Keras' read.  Under janus the write is deferred to the commit while the
layer's code runs natively during the build; the switch call's graph may use the
previous rate."""
import random

import numpy

random.seed(22)
numpy.random.seed(22)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4222)
rng = np.random.default_rng(4222)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.sin(XS[:, :2]) * 2.0).astype(np.float32)
RATES = [0.5, 0.1, 0.0]


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(16, activation="relu")
        self.drop = keras.layers.Dropout(0.5, seed=17)
        self.d2 = keras.layers.Dense(2)

    def call(self, x, training=False):
        return self.d2(self.drop(self.d1(x), training=training))


net = Net()
net(tf.zeros((1, 6)))
opt = keras.optimizers.Adam(0.01)


def train_step(x, y, stage):
    net.drop.rate = RATES[stage]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(net(x, training=True) - y))
    grads = tape.gradient(loss, net.trainable_variables)
    opt.apply_gradients(zip(grads, net.trainable_variables))
    return loss


for step in range(30):
    stage = 0 if step < 12 else (1 if step < 20 else 2)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), stage)
    print(step, stage, repr(float(loss)), net.drop.rate)

print(json.dumps({
    "k": [repr(float(v)) for v in net.d1.kernel.numpy().ravel()[:6]],
    "b2": [repr(float(v)) for v in net.d2.bias.numpy().ravel()],
    "rate": net.drop.rate,
}))
