"""A logistic-regression-plus-hidden-layer classifier (raw tf.Variables) trained with a
program subclass of keras.optimizers.SGD ("TunableSGD") that adds `set_momentum()` and
`describe()`: program code that writes and reads `momentum` and `nesterov`.  Keras'
SGD.update_step reads both natively inside every `apply_gradients`.  The loop calls
`set_momentum(0.95)` at step 9, `set_momentum(0.95, nesterov=True)` at step 18 and
`set_momentum(0.3)` at step 27 (momentum stays non-zero, so the slots exist).  Each
step prints the loss and `describe()`.
Probes: optimizer hyper-parameters changed through the program's own method on its
subclass of a Keras optimizer, at names the program's code reads and writes (left out
of the library watch) but that only library code reads inside the step."""
import random

import numpy

random.seed(5910)
numpy.random.seed(5910)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5910)
rng = np.random.default_rng(5910)
XS = rng.normal(size=(256, 6)).astype(np.float32)
YS = ((XS[:, 0] * XS[:, 1] + XS[:, 2] - 0.5 * XS[:, 5]) > 0).astype(np.float32)[:, None]

W1 = tf.Variable(rng.normal(scale=0.5, size=(6, 8)).astype(np.float32))
B1 = tf.Variable(np.zeros((8,), np.float32))
W2 = tf.Variable(rng.normal(scale=0.5, size=(8, 1)).astype(np.float32))
B2 = tf.Variable(np.zeros((1,), np.float32))
PARAMS = [W1, B1, W2, B2]


class TunableSGD(keras.optimizers.SGD):
    def set_momentum(self, momentum, nesterov=False):
        self.momentum = momentum
        self.nesterov = nesterov

    def describe(self):
        return f"momentum={self.momentum} nesterov={self.nesterov}"


OPT = TunableSGD(learning_rate=0.05, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.nn.relu(x @ W1 + B1) @ W2 + B2
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, PARAMS)
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss


for step in range(36):
    if step == 9:
        OPT.set_momentum(0.95)
    if step == 18:
        OPT.set_momentum(0.95, nesterov=True)
    if step == 27:
        OPT.set_momentum(0.3)
    i = (step * 24) % 232
    loss = train_step(tf.constant(XS[i:i + 24]), tf.constant(YS[i:i + 24]))
    print(step, repr(float(loss)), OPT.describe())

print(json.dumps({
    "w1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "w2": [repr(float(v)) for v in W2.numpy().ravel()],
    "m": [repr(float(v)) for v in OPT.momentums[2].numpy().ravel()[:4]],
}))
