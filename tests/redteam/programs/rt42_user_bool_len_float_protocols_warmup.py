"""A warm-up controller object drives the step through Python protocols only:
`if self.warm:` calls its `__bool__` (True while its counter is below a limit),
`len(self.warm)` gives the remaining warm-up steps, and `float(self.warm)` the LR
factor; the caller ticks the controller each step (`warm.tick()`) and shortens the
warm-up at step 12 by setting a class attribute (`Warmup.limit = 14`).  janus inlines
user `__bool__`/`__len__`/`__float__` and must guard what they read, including the
class attribute."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4244)
rng = np.random.default_rng(4244)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :1] + XS[:, 4:5])).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.1)


class Warmup:
    limit = 20

    def __init__(self):
        self.t = 0

    def tick(self):
        self.t += 1

    def __bool__(self):
        return self.t < Warmup.limit

    def __len__(self):
        return max(Warmup.limit - self.t, 0)

    def __float__(self):
        return min(1.0, (self.t + 1) / Warmup.limit)


class Trainer:
    def __init__(self, warm):
        self.warm = warm
        self.log = []

    def step(self, x, y):
        scale = float(self.warm) if self.warm else 1.0
        left = len(self.warm)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip([g * scale for g in grads], model.trainable_variables))
        self.log.append(left)
        return loss, scale, left


warm = Warmup()
tr = Trainer(warm)
for step in range(30):
    if step == 12:
        Warmup.limit = 14
    i = (step * 8) % 88
    loss, scale, left = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    warm.tick()
    print(step, repr(float(loss)), repr(scale), left)

print(json.dumps({
    "k": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
    "log": tr.log,
}))
