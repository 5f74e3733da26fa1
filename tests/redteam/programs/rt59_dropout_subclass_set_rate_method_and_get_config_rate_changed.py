"""A Sequential MLP with a program subclass of keras.layers.Dropout
("ScheduledDropout"): it adds a `set_rate()` method and a `get_config()` override --
program code that writes and reads `self.rate` -- but keeps Keras' own `call`, which
reads `self.rate` natively inside the training step (the model is called with
training=True; the layer's seed is fixed).  The loop calls `set_rate(0.4)` at step 8,
`set_rate(0.0)` (dropout off: Keras skips the op) at step 17, and at step 26 sets
`DROP.rate = 0.15` directly.  Each step prints the loss and the rate from get_config.
Probes: the library watch of the program's own Keras subclass, which leaves out "the
names the program's own code reads or writes" -- here `rate`, written and read by
program methods that never run inside the step, and read by Keras inside it."""
import random

import numpy

random.seed(5908)
numpy.random.seed(5908)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5908)
rng = np.random.default_rng(5908)
XS = rng.normal(size=(200, 8)).astype(np.float32)
YS = (XS[:, :4].sum(axis=1, keepdims=True) * 0.3 - np.abs(XS[:, 4:5])).astype(np.float32)


class ScheduledDropout(keras.layers.Dropout):
    def set_rate(self, rate):
        self.rate = float(rate)

    def get_config(self):
        config = super().get_config()
        config["rate_pct"] = round(self.rate * 100)
        return config


DROP = ScheduledDropout(0.1, seed=11)
MODEL = keras.Sequential([
    keras.Input((8,)),
    keras.layers.Dense(24, activation="relu"),
    DROP,
    keras.layers.Dense(1),
])
OPT = keras.optimizers.Adam(learning_rate=5e-3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 8:
        DROP.set_rate(0.4)
    if step == 17:
        DROP.set_rate(0.0)
    if step == 26:
        DROP.rate = 0.15
    i = (step * 20) % 180
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), DROP.get_config()["rate_pct"])

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()[:8]],
}))
