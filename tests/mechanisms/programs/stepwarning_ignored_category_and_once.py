"""The step warns with two categories; the program ignores one of them from step 6 and
shows the other "once" from step 12 (warnings' onceregistry), recording what is shown."""
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


class NoisyWarning(UserWarning):
    pass


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    warnings.warn("noisy", NoisyWarning)
    warnings.warn("gradient step", category=FutureWarning)
    return loss


for step in range(20):
    i = (step * 4) % 44
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if step >= 6:
            warnings.filterwarnings("ignore", category=NoisyWarning)
        if step >= 12:
            warnings.filterwarnings("once", category=FutureWarning)
        loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), [(w.category.__name__, str(w.message)) for w in caught])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
