"""A config object's `scale` setter refuses negative values with ValueError; the step sets
it from a Python float the caller passes and catches the error, counting refusals.  The
caller passes a negative scale from step 11 on, after the step converted."""
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


class Config:
    def __init__(self):
        self._scale = 1.0
        self.refused = 0

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        if v < 0:
            raise ValueError(f"scale must be >= 0, got {v}")
        self._scale = v


CFG = Config()


def train_step(x, y, scale):
    try:
        CFG.scale = scale
    except ValueError as e:
        CFG.refused += 1
        CFG.last_error = str(e)
    with tf.GradientTape() as tape:
        loss = CFG.scale * tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


for step in range(22):
    i = (step * 4) % 44
    scale = 0.5 + 0.1 * (step % 3) if step < 11 else -1.0 * (step % 2)
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]), scale)
    print(step, repr(float(loss)), CFG.scale, CFG.refused, getattr(CFG, "last_error", None))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
