"""Restarting Adam's moments when the hyper-parameters change: the caller passes an
`HParams(lr, l2)` namedtuple to the step, and the step resets the optimizer's slot
variables (`m.assign(zeros)` for every Adam moment) when it is not the object it saw
last call (`hp is not self.hp`), then stores it and sets the LR variable.  The caller
keeps one HParams object for 15 steps, then makes new ones with `hp._replace(...)` at
steps 15 and 22.  Eagerly the moments are reset at calls 0, 15 and 22 only, which
shapes the whole trajectory.  janus plans namedtuple arguments field by field; the
`is` test against the stored object must follow the caller's objects."""
import random

import numpy

random.seed(171)
numpy.random.seed(171)

import json
from collections import namedtuple

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4371)
rng = np.random.default_rng(4371)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 4:5]).astype(np.float32)
HParams = namedtuple("HParams", "lr l2")
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.01)
opt.build(model.trainable_variables)
MOMENTS = [v for v in opt.variables if "momentum" in v.path or "velocity" in v.path]


class Trainer:
    def __init__(self):
        self.hp = None
        self.resets = 0

    def step(self, x, y, hp):
        if hp is not self.hp:
            self.resets += 1
            for m in MOMENTS:
                m.assign(tf.zeros_like(m))
            self.hp = hp
        opt.learning_rate.assign(hp.lr)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
            loss = loss + hp.l2 * tf.add_n([tf.reduce_sum(tf.square(v))
                                            for v in model.trainable_variables])
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss


tr = Trainer()
hp = HParams(0.01, 0.0)
for step in range(30):
    if step == 15:
        hp = hp._replace(lr=0.005)
    if step == 22:
        hp = hp._replace(l2=0.001)
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), hp)
    print(step, repr(float(loss)), tr.resets, tr.hp is hp)

print(json.dumps({"k": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
                  "resets": tr.resets}))
