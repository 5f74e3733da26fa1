"""Mechanism: a Dense layer's activation is a closure the program made once,
`make_act(0.2, [1.0])` -> act(x) reading the free variables `slope` and `gains`.  Keras
calls it back while the step runs.  Mid-run the loop rebinds the closure's cells directly,
`act.__closure__[i].cell_contents = ...` (a writable attribute of cell objects since 3.7):
a new slope float at step 8, a new gains list at step 16 and an in-place append to that
list at step 24.  No function, dict or module is written, and the function object, its
__code__, __defaults__ and __closure__ tuple keep their identity.  Eager reads the cells
at every call; a build that guarded the closure by identity only keeps the old slope.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(47)
np.random.seed(47)
keras.utils.set_random_seed(47)
rng = np.random.default_rng(47)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.abs(XS[:, :1] + XS[:, 4:5] - 0.5).astype(np.float32)


def make_act(slope, gains):
    def act(x):
        g = 1.0
        for v in gains:
            g = g * v
        return tf.where(x > 0, x, x * slope) * g
    return act


ACT = make_act(0.2, [1.0])
CELLS = dict(zip(ACT.__code__.co_freevars, ACT.__closure__))
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation=ACT),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        CELLS["slope"].cell_contents = -0.4
    if step == 16:
        CELLS["gains"].cell_contents = [0.5, 3.0]
    if step == 24:
        CELLS["gains"].cell_contents.append(0.25)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(CELLS["slope"].cell_contents),
          CELLS["gains"].cell_contents)

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in MODEL.trainable_variables]}))
