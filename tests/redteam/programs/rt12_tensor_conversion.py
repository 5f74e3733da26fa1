"""The step multiplies by GAIN, an instance of the program's class Gain that TF converts
through its __tf_tensor__ protocol method, and adds BIAS, an instance of Offset that TF
converts through a function registered with tf.register_tensor_conversion_function.
At step 10 the program replaces the class attribute Gain.__tf_tensor__ (instance and its
attributes unchanged); at step 15 it changes GAIN.v (an attribute the callback reads);
at step 20 it registers a second, higher-priority conversion function for Offset in TF's
global conversion registry.  Eager converts at every op.  Probes: TF's conversion
registry (module data) and the protocol method TF looks up on a program class."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1206)
rng = np.random.default_rng(1206)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) + 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)


class Gain:
    def __init__(self, v):
        self.v = v

    def __tf_tensor__(self, dtype=None, name=None):
        return tf.constant(self.v, dtype=dtype or tf.float32)


def gain_halved(self, dtype=None, name=None):
    return tf.constant(self.v * 0.5, dtype=dtype or tf.float32)


class Offset:
    def __init__(self, v):
        self.v = v


def offset_plain(value, dtype=None, name=None, as_ref=False):
    return tf.constant(value.v, dtype=dtype or tf.float32)


def offset_shifted(value, dtype=None, name=None, as_ref=False):
    return tf.constant(value.v + 0.25, dtype=dtype or tf.float32)


tf.register_tensor_conversion_function(Offset, offset_plain, priority=100)
GAIN = Gain(1.5)
BIAS = Offset(0.1)
LR = 0.03


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = (x @ W) * GAIN + BIAS
        loss = tf.reduce_mean(tf.square(pred - y))
    g = tape.gradient(loss, W)
    W.assign_sub(LR * g)
    return loss


for step in range(30):
    if step == 10:
        Gain.__tf_tensor__ = gain_halved
    if step == 15:
        GAIN.v = 2.0
    if step == 20:
        tf.register_tensor_conversion_function(Offset, offset_shifted, priority=10)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "gain_v": GAIN.v}))
