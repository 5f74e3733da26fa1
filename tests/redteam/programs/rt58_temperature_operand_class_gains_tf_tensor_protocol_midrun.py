"""A Sequential classifier whose logits are multiplied by a program `Temperature`
object: `MODEL(x) * TEMP`.  TF's tensor `__mul__` cannot convert the object, so it falls
back to the object's `__rmul__`, which divides by the temperature.  At step 10 the
class gains a `__tf_tensor__` method (TF's tensor-conversion protocol): TF now converts
the object and multiplies by it instead; at step 18 `__tf_tensor__` returns the inverse;
at step 26 it is deleted again (back to `__rmul__`); the temperature value changes at
step 14.
Probes: library code (TF's binary-op wrapper and convert_to_tensor) asking a class-level
protocol of a program object it was handed, changed through the class only."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5806)
rng = np.random.default_rng(5806)
XS = rng.normal(size=(120, 8)).astype(np.float32)
YS = (XS[:, 0] + XS[:, 1] > 0).astype(np.int32) + (XS[:, 2] > 1.0).astype(np.int32)


class Temperature:
    def __init__(self, t):
        self.t = t

    def __rmul__(self, other):
        return other / self.t


TEMP = Temperature(2.0)
MODEL = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(3)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x) * TEMP
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, logits


def as_tensor(self, dtype=None, name=None):
    return tf.constant(self.t, dtype=dtype or tf.float32)


def as_inverse(self, dtype=None, name=None):
    return tf.constant(1.0 / self.t, dtype=dtype or tf.float32)


for step in range(32):
    if step == 10:
        Temperature.__tf_tensor__ = as_tensor
    if step == 14:
        TEMP.t = 4.0
    if step == 18:
        Temperature.__tf_tensor__ = as_inverse
    if step == 26:
        del Temperature.__tf_tensor__
    i = (step * 12) % 108
    loss, logits = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), repr(float(logits[0, 0])))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:9]]}))
