"""Warnings from the step and from a helper it calls under the "default" action: each place
warns once (the module's __warningregistry__), which the program prints; at step 9 a new
filter resets the registry's version and every place warns once more."""
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
import warnings


def check(value):
    if value > 1.0:
        warnings.warn("a large loss", RuntimeWarning)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    warnings.warn("a step ran", UserWarning)
    check(loss)
    return loss


warnings.simplefilter("default")
for step in range(20):
    if step == 9:
        warnings.filterwarnings("default", message="nothing matches this")
    i = (step * 4) % 44
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")
        loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    registry = globals().get("__warningregistry__", {})
    print(step, repr(float(loss)), [str(w.message) for w in caught],
          sorted(str(k) for k in registry if k != "version"))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
