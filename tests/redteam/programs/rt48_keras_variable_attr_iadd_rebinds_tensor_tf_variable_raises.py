"""A trainer keeps a loss-scale in `self.scale`, a keras.Variable, and a step counter in
`self.tick`, a tf.Variable.  The step does `self.scale += 0.01` (Keras 3's Variable has
`__add__` but no `__iadd__`, so this REBINDS the attribute to an EagerTensor and leaves
the variable untouched) and `self.tick += 1` inside `try` (tf.Variable's `__iadd__`
raises RuntimeError; the handler does `self.tick.assign_add(1)` and appends the message
length to a history with `+=`).  The loss multiplies by `self.scale`, so after the first
call the scale used is a tensor the previous call made.  The loop restores a fresh
keras.Variable at step 12 and a Python float at step 20 (then `+=` is float addition).
Probes: augmented assignment on variable-like attributes whose `+=` is not in place."""
import random

import numpy

random.seed(4818)
numpy.random.seed(4818)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4818)
rng = np.random.default_rng(4818)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.scale = keras.Variable(1.0, trainable=False)
        self.tick = tf.Variable(0)
        self.notes = []

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y)) * self.scale
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.scale += 0.01
        try:
            self.tick += 1
        except RuntimeError as e:
            self.tick.assign_add(1)
            self.notes += [len(str(e))]
        return loss


tr = Trainer()
variables = [tr.scale]
tick_var = tr.tick
for step in range(30):
    if step == 12:
        tr.scale = keras.Variable(2.0, trainable=False)
        variables.append(tr.scale)
    if step == 20:
        tr.scale = 0.5
    i = (step * 8) % 56
    loss = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(tr.scale).__name__, repr(float(tr.scale)),
          [repr(float(v.numpy())) for v in variables], tr.tick is tick_var, int(tick_var.numpy()), len(tr.notes), tr.notes[-1:])

print(json.dumps({"scale": repr(float(tr.scale)), "vars": [repr(float(v.numpy())) for v in variables],
                  "tick": int(tick_var.numpy()), "notes": tr.notes[-3:],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
