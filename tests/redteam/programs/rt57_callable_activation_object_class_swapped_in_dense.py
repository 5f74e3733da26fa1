"""A functional regressor whose hidden Dense layer's activation is a program callable
object `ACT` (class `SoftRelu`, a scaled softplus reading `self.k`).  Keras stores the
object in the layer and calls it from `Dense.call`.  Mid-run the object's class is
reassigned, so the layer's dict still holds the same object: at step 8
`ACT.__class__ = HardSig` (a clipped linear unit reading the same `k`), at step 14
`HardSig.__call__` is replaced on the class by another function, at step 20 the loop
writes `ACT.k`, at step 26 `ACT.__class__ = SoftRelu` again.
Probes: `__class__` assignment on a program object that a Keras layer holds and calls
back, between converted steps."""
import random

import numpy

random.seed(5715)
numpy.random.seed(5715)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5715)
rng = np.random.default_rng(5715)
XS = rng.normal(size=(176, 5)).astype(np.float32)
YS = (np.maximum(XS[:, :3], 0).sum(axis=1, keepdims=True) - 0.8).astype(np.float32)


class SoftRelu:
    def __init__(self, k):
        self.k = k

    def __call__(self, x):
        return tf.nn.softplus(x * self.k) / self.k


class HardSig:
    def __call__(self, x):
        return tf.clip_by_value(x * self.k * 0.25 + 0.5, 0.0, 1.0)


def hard_tanh(self, x):
    return tf.clip_by_value(x * self.k, -1.0, 1.0)


ACT = SoftRelu(2.0)
inp = keras.Input((5,))
HID = keras.layers.Dense(12, activation=ACT)
h = HID(inp)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        ACT.__class__ = HardSig
    if step == 14:
        HardSig.__call__ = hard_tanh
    if step == 20:
        ACT.k = 0.5
    if step == 26:
        ACT.__class__ = SoftRelu
    i = (step * 8) % 168
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(ACT).__name__, HID.activation is ACT,
          repr(float(HID.kernel.numpy()[0, 0])))

print(json.dumps({
    "hid": [repr(float(v)) for v in HID.kernel.numpy().ravel()[:12]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
