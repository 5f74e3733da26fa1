"""A Sequential classifier trained with `MySGD(Tweak, keras.optimizers.SGD)`, a program
subclass that overrides nothing (`Tweak` is an empty program class derived from an
empty `Root`).  Mid-run `Tweak.__bases__` is reassigned, which changes what Keras'
optimizer code finds for `self.update_step` and `self._clip_gradients` without writing
any dict: at step 8 `Tweak.__bases__ = (Damped,)` (an `update_step` that halves each
gradient before `super().update_step`), at step 16 `Damped.FACTOR` (a class constant)
goes from 0.5 to 2.0, at step 22 `Tweak.__bases__ = (SignClip,)` (a `_clip_gradients`
that clips every gradient to +-0.01), and at step 29 back to `(Root,)`.
Probes: `__bases__` assignment above a Keras optimizer's program subclass, changing
the methods Keras' apply path looks up natively (library code reading the MRO of the
optimizer's class), between converted steps."""
import random

import numpy

random.seed(5703)
numpy.random.seed(5703)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5703)
rng = np.random.default_rng(5703)
XS = rng.normal(size=(200, 8)).astype(np.float32)
YS = (XS[:, 0] + 0.5 * XS[:, 1] > 0).astype(np.int32)


class Root:
    pass


class Tweak(Root):
    pass


class Damped(Root):
    FACTOR = 0.5

    def update_step(self, gradient, variable, learning_rate):
        return super().update_step(gradient * type(self).FACTOR, variable, learning_rate)


class SignClip(Root):
    def _clip_gradients(self, grads):
        return [tf.clip_by_value(g, -0.01, 0.01) for g in grads]


class MySGD(Tweak, keras.optimizers.SGD):
    pass


MODEL = keras.Sequential([
    keras.Input((8,)),
    keras.layers.Dense(12, activation="relu"),
    keras.layers.Dense(2),
])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = MySGD(learning_rate=0.1, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 8:
        Tweak.__bases__ = (Damped,)
    if step == 16:
        Damped.FACTOR = 2.0
    if step == 22:
        Tweak.__bases__ = (SignClip,)
    if step == 29:
        Tweak.__bases__ = (Root,)
    i = (step * 10) % 190
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), MySGD.__mro__[2].__name__,
          repr(float(MODEL.layers[0].kernel.numpy()[0, 0])),
          repr(float(OPT.momentums[0].numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "iters": int(OPT.iterations.numpy()),
}))
