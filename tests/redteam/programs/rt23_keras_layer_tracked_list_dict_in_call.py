"""A custom Keras layer (the program's subclass of keras.layers.Layer) keeps plain
Python configuration in attributes: a list of additive offsets and a dict of switches.
Keras 3's Layer.__setattr__ wraps them in its own TrackedList / TrackedDict (list and
dict subclasses).  The layer's call() iterates the offsets, tests `"double" in
self.switches` and scales by len(self.offsets); Keras calls call() from Layer.__call__
at every forward pass.

The loop edits the tracked containers in place (the attributes keep the same objects):
at step 7 it appends an offset, at step 14 it overwrites one, at step 21 it adds the
"double" switch, at step 28 it removes the first offset.  Eager's call() sees every edit.
A graph that guarded the attribute (which object it holds) but not what the tracked
container holds keeps the configuration of its build.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(103)
np.random.seed(103)
keras.utils.set_random_seed(103)

rng = np.random.default_rng(103)
X = tf.constant(rng.normal(size=(64, 4)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))


class ShiftedDense(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units
        self.offsets = [0.1]
        self.switches = {"bias": True}

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units),
                                      initializer="glorot_uniform")

    def call(self, x):
        y = x @ self.kernel
        for off in self.offsets:
            y = y + off
        if "double" in self.switches:
            y = 2.0 * y
        return y / len(self.offsets)


layer = ShiftedDense(3)
model = keras.Sequential([keras.Input((4,)), layer, keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(36):
    if step == 7:
        layer.offsets.append(0.5)
    if step == 14:
        layer.offsets[0] = -0.25
    if step == 21:
        layer.switches["double"] = True
    if step == 28:
        del layer.offsets[0]
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), list(layer.offsets), sorted(layer.switches),
          type(layer.offsets).__name__)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "offsets": list(layer.offsets),
    "switches": sorted(layer.switches),
}))
