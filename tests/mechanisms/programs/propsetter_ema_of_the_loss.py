"""A tracker's `loss` property setter keeps an exponential moving average of the
losses it is given (a tensor expression) and counts them; at step 9 the program swaps the
property for one whose setter also keeps the maximum."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)


class Tracker:
    def __init__(self):
        self._ema = None
        self.n = 0

    @property
    def loss(self):
        return self._ema

    @loss.setter
    def loss(self, value):
        self.n += 1
        self._ema = value if self._ema is None else 0.9 * self._ema + 0.1 * value


def _set_with_max(self, value):
    self.n += 1
    self._ema = value if self._ema is None else 0.8 * self._ema + 0.2 * value
    self.top = value if getattr(self, "top", None) is None else tf.maximum(self.top, value)


TR = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    TR.loss = loss
    return loss


for step in range(20):
    if step == 9:
        Tracker.loss = property(Tracker.loss.fget, _set_with_max)
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), TR.n, repr(float(TR.loss)),
          repr(float(TR.top)) if hasattr(TR, "top") else None)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
