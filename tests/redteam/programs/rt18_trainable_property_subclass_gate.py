"""Probes: a Keras layer subclass that overrides the `trainable` property.

`layer.trainable_variables` is a Keras property that begins with `if not
self.trainable: return []`.  The program's Dense subclass overrides `trainable` with
its own property whose getter also consults a module-level switch (FREEZE["on"]), a
freeze window done without ever writing the layer.  The contract guards a property that returns a new list at each read
(`trainable_variables`) "on its items", and watches the dict of the program's Keras
subclass except at names the program's own code reads; the gate here lives in a
global dict, reached only through the overriding getter that Keras' property calls.
The loop freezes the layer for steps 10-19, and the step prints how many variables it
trains."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1821)
rng = np.random.default_rng(1821)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.tanh(XS) @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)

FREEZE = {"on": False}
OPT = keras.optimizers.Adam(learning_rate=0.02)


class GatedDense(keras.layers.Dense):
    @property
    def trainable(self):
        return self._trainable and not FREEZE["on"]

    @trainable.setter
    def trainable(self, value):
        keras.layers.Dense.trainable.fset(self, value)


BODY = GatedDense(6, activation="tanh")
BODY.build((None, 5))
HEAD = keras.layers.Dense(1)
HEAD.build((None, 6))


def train_step(x, y):
    params = BODY.trainable_variables + HEAD.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(HEAD(BODY(x)) - y))
    grads = tape.gradient(loss, params)
    OPT.apply_gradients(zip(grads, params))
    print("  training", len(params), "variables")
    return loss


for step in range(30):
    if step == 10:
        FREEZE["on"] = True
    if step == 20:
        FREEZE["on"] = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "body trainable", BODY.trainable)

print(json.dumps({
    "body_kernel": [repr(float(v)) for v in BODY.kernel.numpy().ravel()[:6]],
    "head_kernel": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
