"""Staged fine-tuning decided inside the step: a "pretrained" backbone (Dense layers,
`backbone.trainable = False` at the start) and a head train together; the step counts
its own calls in `self.calls` and, at call 12, sets `self.backbone.trainable = True`
(a Keras property with a setter, written by the step) and prints it; at call 26 it
freezes the backbone's first layer only (`self.backbone.layers[0].trainable = False`).
The step takes gradients of `self.model.trainable_variables` AFTER those writes, so the
variables trained change in the same call, and the optimizer (built up front for all
variables) updates the newly trainable ones.  Probes: Keras trainable flags flipped by
a hot step itself, the trainable variable list read after the write in the same call,
the count of trainable variables printed per step, the weights of each part."""
import random

import numpy

random.seed(80)
numpy.random.seed(80)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(8031)
rng = np.random.default_rng(8031)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 2:3] * 0.5).astype(np.float32)


class FineTuner:
    def __init__(self):
        self.backbone = keras.Sequential([keras.Input((4,)),
                                          keras.layers.Dense(6, activation="tanh"),
                                          keras.layers.Dense(6, activation="tanh")])
        self.head = keras.layers.Dense(1)
        self.model = keras.Sequential([keras.Input((4,)), self.backbone, self.head])
        self.opt = keras.optimizers.Adam(learning_rate=0.01)
        self.opt.build(self.model.trainable_variables)
        self.backbone.trainable = False
        self.calls = 0

    def step(self, x, y):
        self.calls += 1
        if self.calls == 12:
            self.backbone.trainable = True
            print("  unfreeze backbone")
        if self.calls == 26:
            self.backbone.layers[0].trainable = False
            print("  freeze first backbone layer")
        tvars = self.model.trainable_variables
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x, training=True) - y))
        grads = tape.gradient(loss, tvars)
        self.opt.apply_gradients(zip(grads, tvars))
        return loss, len(tvars)


F = FineTuner()
for step in range(40):
    i = (step * 5) % 195
    loss, n = F.step(tf.constant(XS[i:i + 5]), tf.constant(YS[i:i + 5]))
    print(step, repr(float(loss)), n)

print(json.dumps({
    "calls": F.calls,
    "b0": [repr(float(v)) for v in F.backbone.layers[0].kernel.numpy().ravel()[:6]],
    "b1": [repr(float(v)) for v in F.backbone.layers[1].kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in F.head.kernel.numpy().ravel()],
}))
