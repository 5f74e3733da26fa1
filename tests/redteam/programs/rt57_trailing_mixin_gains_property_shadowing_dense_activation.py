"""A Sequential regressor whose hidden layer is `Hidden(keras.layers.Dense, Extras)`:
`Extras` is a plain program class that sits at the END of the MRO, after all of
Keras' bases.  Dense keeps its `activation` as a plain entry of the layer's instance
dict, and `Dense.call` (library code) reads `self.activation`.  Mid-run a data
descriptor is hung on the trailing base, which takes precedence over the instance
dict without any write to the layer's dict, to `Hidden`'s or to Dense's: at step 8
`Extras.activation = property(lambda self: keras.activations.tanh)`, at step 15 the
property is replaced by one returning a leaky relu read from a program global
`SLOPE`, at step 21 `SLOPE` changes, and at step 27 `del Extras.activation` (the
instance's relu shows again).
Probes: a property added after the fact on a program base class that comes after
Keras' classes in a layer's MRO, shadowing an attribute library code reads."""
import random

import numpy

random.seed(5704)
numpy.random.seed(5704)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5704)
rng = np.random.default_rng(5704)
XS = rng.normal(size=(176, 5)).astype(np.float32)
YS = (np.abs(XS[:, :2]).sum(axis=1, keepdims=True) - 1.0).astype(np.float32)

SLOPE = 0.3


class Extras:
    def describe(self):
        return type(self).__name__


class Hidden(keras.layers.Dense, Extras):
    pass


HID = Hidden(16, activation="relu")
MODEL = keras.Sequential([keras.Input((5,)), HID, keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)


def leaky(x):
    return keras.activations.leaky_relu(x, negative_slope=SLOPE)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(33):
    if step == 8:
        Extras.activation = property(lambda self: keras.activations.tanh)
    if step == 15:
        Extras.activation = property(lambda self: leaky)
    if step == 21:
        SLOPE = 0.05
    if step == 27:
        del Extras.activation
    i = (step * 8) % 168
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), getattr(HID.activation, "__name__", "?"),
          repr(float(HID.kernel.numpy()[1, 2])))

print(json.dumps({
    "hid": [repr(float(v)) for v in HID.kernel.numpy().ravel()[:10]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:10]],
}))
