"""The step is a closure made by make_step(scale); at step 15 the loop rebinds the cell
with train_step.__closure__[0].cell_contents = 0.25 (the function object, its code
and globals stay the same).  Probes: a closure cell written from outside the step."""
import random

import numpy

random.seed(2919)
numpy.random.seed(2919)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2919)
rng = np.random.default_rng(2919)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def make_step(scale):
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
        g = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(g, [W]))
        print("scale", scale)
        return loss
    return train_step


train_step = make_step(1.0)


for step in range(30):
    if step == 15:
        train_step.__closure__[0].cell_contents = 0.25
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
