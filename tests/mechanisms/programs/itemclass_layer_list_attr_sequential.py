"""A Keras Sequential model contains a program layer whose `call` runs every item of
its list attribute `self.stages` (Keras wraps the list): an item that is
`isinstance(s, Squash)` squashes by its `k`, any other runs its class's `transform`.
Mid-run the loop reassigns one stage's class (`stages[0].__class__ = Squash`, later
`Shift`, then back to `Identity`)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(13)


class Identity:
    def __init__(self, k):
        self.k = k

    def transform(self, h):
        return h


class Squash(Identity):
    pass


class Shift(Identity):
    def transform(self, h):
        return h + 0.1 * self.k


class Stages(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.stages = [Identity(2.0), Identity(0.5)]

    def call(self, h):
        for s in self.stages:
            if isinstance(s, Squash):
                h = tf.tanh(h * s.k)
            else:
                h = s.transform(h)
        return h


rng = np.random.default_rng(61)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * XS[:, 3:]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6), Stages(),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)
STAGES = MODEL.layers[1]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        STAGES.stages[0].__class__ = Squash
    if step == 14:
        STAGES.stages[0].__class__ = Shift
    if step == 19:
        STAGES.stages[0].__class__ = Identity
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [type(s).__name__ for s in STAGES.stages])
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
