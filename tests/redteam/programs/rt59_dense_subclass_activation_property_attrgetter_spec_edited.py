"""A Sequential regressor whose hidden layer is a program subclass of Dense
("SpecDense") whose `activation` is a property with a C getter,
`property(operator.attrgetter("spec.fn"), setter)`: Dense's own `__init__` stores the
activation through the setter into a program ActSpec object, and Keras' Dense.call
reads `self.activation` natively inside the step, reaching `spec.fn` through C code
only.  The loop edits the spec in place -- `LAYER.spec.fn = tanh` at step 9, `gelu` at
step 18 -- and at step 27 replaces the spec object (relu).  Each step prints the loss
and the activation's name.
Probes: a data descriptor of the program's Keras layer subclass whose getter is a C
callable, so the activation Keras applies comes from a program object no program frame
reads inside the step."""
import random

import numpy

random.seed(5928)
numpy.random.seed(5928)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5928)
rng = np.random.default_rng(5928)
XS = rng.normal(size=(220, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 1.3) + 0.4 * XS[:, 1:2] - 0.2 * XS[:, 2:3] ** 2).astype(np.float32)


class ActSpec:
    def __init__(self, fn):
        self.fn = fn


def _set_activation(self, fn):
    self.__dict__.setdefault("spec", ActSpec(None)).fn = fn


class SpecDense(keras.layers.Dense):
    activation = property(operator.attrgetter("spec.fn"), _set_activation)


LAYER = SpecDense(14, activation="relu")
MODEL = keras.Sequential([keras.Input((6,)), LAYER, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=5e-3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 9:
        LAYER.spec.fn = keras.activations.tanh
    if step == 18:
        LAYER.spec.fn = keras.activations.gelu
    if step == 27:
        LAYER.spec = ActSpec(keras.activations.relu)
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), LAYER.activation.__name__)

print(json.dumps({
    "k0": [repr(float(v)) for v in LAYER.kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
