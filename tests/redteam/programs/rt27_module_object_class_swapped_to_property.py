"""Hyper-parameters live on a module object the program made,
HP = types.ModuleType("hp") with HP.lr_scale = 1.0 set in its dict; the step reads
HP.lr_scale.  At step 15 the loop swaps the module's class for a ModuleType subclass
with a property lr_scale (a data descriptor, which attribute lookup finds before the
module's dict), returning 0.5 * HP.base_scale: HP.__class__ = Annealed.  Nothing is
written to any dict.  At step 22 the property's class attribute factor becomes 0.25.
Probes: attribute reads of a module object whose class the program replaces."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2745)
numpy.random.seed(2745)

import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27451)
rng = np.random.default_rng(27451)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HP = types.ModuleType("hp")
HP.lr_scale = 1.0
HP.base_scale = 1.0


class Annealed(types.ModuleType):
    factor = 0.5

    @property
    def lr_scale(self):
        return type(self).factor * self.base_scale


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = HP.lr_scale * tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        HP.__class__ = Annealed
    if step == 22:
        Annealed.factor = 0.25
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(HP.lr_scale))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
