"""A functional regression model whose hidden layer is `Proj(Mixin, keras.layers.Dense)`:
`Mixin` is an empty program class (itself derived from an empty `Root`) and `Proj` has no
`call` of its own, so Keras' `Layer.__call__` finds `Dense.call`.  Mid-run the hierarchy
above `Proj` changes without any write to `Proj`'s, `Mixin`'s or the layer's dict:
at step 9 `Mixin.__bases__ = (SoftClip,)` (a class whose `call` squashes
`super().call(inputs)` with tanh times a class constant), at step 17
`Mixin.__bases__ = (Shifted,)` (a `call` adding a bias read from a global), at step 23
the global `SHIFT` changes, and at step 29 `Mixin.__bases__ = (Root,)` again.
Probes: `__bases__` assignment on a program base class two levels above a Keras layer's
class, which changes the MRO that Keras' own (native) lookup of `self.call` walks,
between converted steps."""
import random

import numpy

random.seed(5702)
numpy.random.seed(5702)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5702)
rng = np.random.default_rng(5702)
XS = rng.normal(size=(192, 6)).astype(np.float32)
YS = np.sin(XS[:, :3].sum(axis=1, keepdims=True)).astype(np.float32)

SHIFT = 0.25


class Root:
    pass


class Mixin(Root):
    pass


class SoftClip(Root):
    LIMIT = 1.5

    def call(self, inputs, training=None):
        return tf.tanh(super().call(inputs, training=training)) * type(self).LIMIT


class Shifted(Root):
    def call(self, inputs, training=None):
        return super().call(inputs, training=training) + SHIFT


class Proj(Mixin, keras.layers.Dense):
    pass


inp = keras.Input((6,))
hidden = Proj(10, activation="relu")
h = hidden(inp)
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


for step in range(34):
    if step == 9:
        Mixin.__bases__ = (SoftClip,)
    if step == 17:
        Mixin.__bases__ = (Shifted,)
    if step == 23:
        SHIFT = -0.5
    if step == 29:
        Mixin.__bases__ = (Root,)
    i = (step * 12) % 180
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), [c.__name__ for c in Proj.__mro__[1:4]],
          repr(float(hidden.kernel.numpy()[0, 0])))

print(json.dumps({
    "hidden": [repr(float(v)) for v in hidden.kernel.numpy().ravel()[:10]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
