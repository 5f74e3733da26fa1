"""Warm-up clipping done inside the step: the trainer writes the optimizer's `clipnorm`
from a per-phase table (`self.opt.clipnorm = CLIP[phase]`) right before
`apply_gradients`, which reads `self.clipnorm` inside Keras' own code.  The caller
passes the phase name; it switches from "warm" (clip 0.05) to "main" (no clipping)
at step 12 and to "tune" (clip 0.5) at step 21.  Eagerly the write lands before Keras
reads it.  janus defers Python writes to a commit after the graph; if Keras' native
read while building sees the attribute as the previous commit left it, the graph of
the switch call clips with the old value."""
import random

import numpy

random.seed(21)
numpy.random.seed(21)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4221)
rng = np.random.default_rng(4221)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 2)) * 3.0).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(2)])
CLIP = {"warm": 0.05, "main": None, "tune": 0.5}


class Trainer:
    def __init__(self):
        self.opt = keras.optimizers.SGD(0.05)

    def step(self, x, y, phase):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        self.opt.clipnorm = CLIP[phase]
        self.opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss


tr = Trainer()
for step in range(30):
    phase = "warm" if step < 12 else ("main" if step < 21 else "tune")
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), phase)
    k = model.trainable_variables[0].numpy()
    print(step, phase, repr(float(loss)), repr(float(np.abs(k).sum())), tr.opt.clipnorm)

print(json.dumps({
    "k": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
    "b": [repr(float(v)) for v in model.trainable_variables[3].numpy().ravel()],
    "clipnorm": tr.opt.clipnorm,
    "iters": int(tr.opt.iterations),
}))
