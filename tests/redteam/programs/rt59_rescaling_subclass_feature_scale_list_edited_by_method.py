"""A functional regressor whose input passes through a program subclass of
keras.layers.Rescaling ("FeatureScaler") with a per-feature `scale` list (Keras keeps
it as a TrackedList and casts it to a tensor in Rescaling.call, natively, at every
call).  The subclass adds `set_feature_scale(i, s)`, program code that writes
`self.scale[i]` in place, and `describe()`.  The loop mutes feature 2 at step 8,
amplifies feature 0 at step 17 (through the method) and at step 26 rewrites the whole
list in place (`SCALER.scale[:] = [...]`).  Each step prints the loss and the scales.
Probes: a list of plain numbers held by the program's own subclass of a Keras layer
(the contract guards such lists by content for Keras' own Rescaling), written in place
by the program's method between converted steps."""
import random

import numpy

random.seed(5930)
numpy.random.seed(5930)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5930)
rng = np.random.default_rng(5930)
XS = (rng.normal(size=(220, 4)) * np.array([1.0, 3.0, 0.5, 2.0])).astype(np.float32)
YS = (0.7 * XS[:, :1] - 0.2 * XS[:, 1:2] + 1.5 * XS[:, 2:3] + 0.1 * XS[:, 3:4]).astype(np.float32)


class FeatureScaler(keras.layers.Rescaling):
    def set_feature_scale(self, index, value):
        self.scale[index] = value

    def describe(self):
        return ",".join(f"{s:g}" for s in self.scale)


SCALER = FeatureScaler([1.0, 1.0 / 3.0, 2.0, 0.5])
inp = keras.Input((4,))
h = keras.layers.Dense(8, activation="tanh")(SCALER(inp))
MODEL = keras.Model(inp, keras.layers.Dense(1)(h))
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 8:
        SCALER.set_feature_scale(2, 0.0)
    if step == 17:
        SCALER.set_feature_scale(0, 3.0)
    if step == 26:
        SCALER.scale[:] = [0.5, 0.25, 1.0, 1.0]
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), SCALER.describe())

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[3].kernel.numpy().ravel()],
}))
