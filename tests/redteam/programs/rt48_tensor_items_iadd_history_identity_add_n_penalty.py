"""Tensors (not Python numbers) flow into histories with `+=`: `self.hist += [loss]`
(the returned loss must be the very object stored: the loop checks `ret is
tr.hist[-1]`), `self.hist += (loss * 0.5,)` with a tuple, `self.parts +=
tf.unstack(per)` (a Python list of per-row tensors), and `self.norms += [gn]`.  From
the third call on, the step's loss adds `0.01 * tf.add_n(self.norms[-2:])`: tensors the
PREVIOUS calls stored are read back as values.  The loop trims with slices, replaces
`norms[-1]` by a Python float at step 15 (tf.add_n of a list mixing a float and a
tensor), and empties `parts` at step 22.  Probes: tensor identities and values stored by
`+=` and read by later calls."""
import random

import numpy

random.seed(4826)
numpy.random.seed(4826)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4826)
rng = np.random.default_rng(4826)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.hist = []
        self.parts = []
        self.norms = []

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            per = tf.reduce_mean(tf.square(self.model(x) - y), axis=1)
            loss = tf.reduce_mean(per)
            if len(self.norms) >= 2:
                loss = loss + 0.01 * tf.add_n(self.norms[-2:])
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        gn = tf.linalg.global_norm(grads)
        self.hist += [loss]
        self.hist += (loss * 0.5,)
        self.parts += tf.unstack(per)
        self.norms += [gn]
        return loss, gn


tr = Trainer()
for step in range(30):
    if step == 15:
        tr.norms[-1] = float(tr.norms[-1])
    if step == 22:
        tr.parts = []
    i = (step * 4) % 60
    ret, gn = tr.train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(ret)), ret is tr.hist[-2], gn is tr.norms[-1], type(tr.hist[-1]).__name__,
          repr(float(tr.hist[-1])), len(tr.parts), repr(float(tr.parts[-1])), [type(v).__name__ for v in tr.norms[-2:]])
    del tr.hist[:-4]
    if len(tr.parts) > 8:
        tr.parts = tr.parts[-4:]
    del tr.norms[:-3]

print(json.dumps({"hist": [repr(float(v)) for v in tr.hist], "parts": [repr(float(v)) for v in tr.parts],
                  "norms": [repr(float(v)) for v in tr.norms],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
