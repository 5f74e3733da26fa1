"""Probe: a program's Dense subclass whose own methods write an attribute that only
Keras' code reads inside the step.

`Switchable(keras.layers.Dense)` has a method `set_mode(name)` that writes
`self.activation` (program code writing a Keras-managed attribute) and a `call`
override that does `return super().call(x)` after reading `self.calls_seen` (a
program-managed counter it increments). The step's code path calls
`layer.set_mode(...)` itself on some calls (every 7th: a Python branch on the step
number), so the program's own code is seen writing `activation` inside the step; on
the other calls only Keras' Dense.call reads `self.activation`. Between steps, at 12
and 20, the loop (outside the step) assigns `layer.activation` directly, and at 27 it
calls `layer.set_mode("linear")`. Eager's Dense.call uses whatever `activation` holds
at each call. If a runtime leaves names that the program's own code writes to its
guards and commit (not watched as library state), Keras' native read of `activation`
on the calls that do not write it is covered by nothing. Mechanism: the boundary
between program-managed and library-managed attributes on a user subclass of a Keras
layer."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1528)
rng = np.random.default_rng(1528)
XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 1:2]).astype(np.float32)


class Switchable(keras.layers.Dense):
    def __init__(self, units, **kw):
        super().__init__(units, **kw)
        self.calls_seen = 0

    def set_mode(self, name):
        self.activation = keras.activations.get(name)

    def call(self, x):
        self.calls_seen = self.calls_seen + 1
        return super().call(x)


hidden = Switchable(8, activation="tanh")
head = keras.layers.Dense(1)
model = keras.Sequential([keras.Input((5,)), hidden, head])
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y, n):
    if n % 7 == 3:
        hidden.set_mode("relu" if n < 20 else "sigmoid")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(32):
    if step == 12:
        hidden.activation = keras.activations.softsign
    if step == 20:
        hidden.activation = keras.activations.elu
    if step == 27:
        hidden.set_mode("linear")
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), hidden.activation.__name__, hidden.calls_seen)

print(json.dumps({"hidden": [round(float(v), 6) for v in hidden.kernel.numpy().ravel()[:8]],
                  "calls_seen": hidden.calls_seen}))
