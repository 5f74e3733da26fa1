"""Decoupled weight decay switched on by the step itself: AdamW's `weight_decay` is
written inside the step (`opt.weight_decay = WD[phase]`, None while warming up) right
before `apply_gradients`, whose Keras code reads `self.weight_decay` to decide whether
to decay.  Phase goes from "warm" to "main" at step 12 and to "cool" at step 22 (a
larger decay).  janus defers the attribute write to its commit while the optimizer's
code reads the attribute natively while building."""
import random

import numpy

random.seed(25)
numpy.random.seed(25)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4225)
rng = np.random.default_rng(4225)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 5:6]).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.02)
WD = {"warm": None, "main": 0.05, "cool": 0.5}


def train_step(x, y, phase):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.weight_decay = WD[phase]
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    phase = "warm" if step < 12 else ("main" if step < 22 else "cool")
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), phase)
    k = model.trainable_variables[0].numpy()
    print(step, phase, repr(float(loss)), repr(float(np.abs(k).sum())))

print(json.dumps({
    "k": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
    "wd": opt.weight_decay,
}))
