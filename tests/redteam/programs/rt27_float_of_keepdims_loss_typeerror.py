"""The step reduces its loss with keepdims=KEEP and converts it with float() inside a
try: a 0-d loss converts; with numpy 2.5 an EagerTensor of shape (1, 1) does not
(float() goes through numpy, which raises TypeError "only 0-dimensional arrays can be
converted to Python scalars").  The handler records -1.0 and counts the failure on the
trainer.  At step 15 the loop sets KEEP = True: from then on every float() raises in
eager, while the gradient and the update are unaffected (the mean of a (1, 1) tensor).
Probes: float() of a one-element tensor of rank > 0 that the graph computes."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2702)
numpy.random.seed(2702)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27021)
rng = np.random.default_rng(27021)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.cos(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
KEEP = False


class Trainer:
    def __init__(self):
        self.failures = 0
        self.last = 0.0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            h = tf.tanh(x @ W1)
            loss = tf.reduce_mean(tf.square(h @ W2 - y), keepdims=KEEP)
        grads = tape.gradient(loss, [W1, W2])
        OPT.apply_gradients(zip(grads, [W1, W2]))
        try:
            value = float(loss)
        except TypeError:
            value = -1.0
            self.failures += 1
        self.last = value
        return loss, value


T = Trainer()
for step in range(30):
    if step == 15:
        KEEP = True
    i = (step * 8) % 56
    loss, value = T.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, tuple(loss.shape), repr(value), T.failures, repr(T.last))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "failures": T.failures,
}))
