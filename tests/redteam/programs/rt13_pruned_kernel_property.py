"""Magnitude pruning through the program's Dense subclass that overrides the `kernel`
property; the numpy mask is pruned in place mid-run.

`class PrunedDense(keras.layers.Dense)` overrides Keras' `kernel` property to return
`self._kernel * self.mask`, where `self.mask` is a float32 ndarray attribute of the
layer.  Keras' own Dense.call reads `self.kernel`, so the program's getter runs inside
library code at every call.  The pruning schedule edits the mask *in place*
(`layer.mask[idx] = 0.0`, the array object and every dict stay the same): at step 10 it
zeroes the 30% smallest-magnitude weights, at step 20 another 30%.  Eager multiplies by
the current mask at every call (the pruned weights stop contributing and get zero
gradient).  A graph that took the mask as a constant when the getter ran during the
build, with no content check on an array held by the program's own Keras subclass,
would keep training the dense kernel.  Probes: a property of the program's Keras
subclass called back by library code, reading an ndarray mutated in place.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1327)
rng = np.random.default_rng(1327)

XS = rng.normal(size=(96, 8)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[1.5], [-1.0]], dtype=np.float32) + 0.1 * XS[:, 2:3]).astype(np.float32)


class PrunedDense(keras.layers.Dense):
    def build(self, input_shape):
        super().build(input_shape)
        self.mask = np.ones(tuple(self._kernel.shape), dtype=np.float32)

    @property
    def kernel(self):
        return self._kernel * self.mask


layer = PrunedDense(6, activation="tanh")
head = keras.layers.Dense(1)
model = keras.Sequential([keras.Input((8,)), layer, head])
opt = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def prune(fraction):
    mags = np.abs(layer._kernel.numpy() * layer.mask).ravel()
    alive = np.flatnonzero(layer.mask.ravel())
    k = int(fraction * mags.size)
    order = alive[np.argsort(mags[alive], kind="stable")][:k]
    flat = layer.mask.reshape(-1)
    flat[order] = 0.0


for step in range(30):
    if step == 10:
        prune(0.3)
    if step == 20:
        prune(0.3)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(layer.mask.sum()))

print(json.dumps({
    "alive": int(layer.mask.sum()),
    "kernel": [repr(float(v)) for v in layer._kernel.numpy().ravel()[:12]],
    "head": [repr(float(v)) for v in head.kernel.numpy().ravel()],
}))
