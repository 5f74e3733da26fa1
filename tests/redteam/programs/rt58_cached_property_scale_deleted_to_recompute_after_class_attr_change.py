"""A functional Keras model whose step multiplies the loss by `CFG.scale`, a
`functools.cached_property` (a non-data descriptor whose `__get__` computes from the
class attribute `base` and stores the result in the instance dict on first access).
Mid-run the class attribute changes (step 7: eager keeps the cached value), the cached
entry is deleted from the instance (step 12: the next read in the step recomputes and
stores it), `base` changes again and the cache is deleted again (step 20), and the class
attribute is shadowed on the instance's class by a plain value (step 27: the
descriptor is gone, the instance dict entry wins anyway).
Probes: a descriptor's `__get__` that writes the instance dict, run only when the cache
entry is absent, versus guards on the instance dict and the class."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5827)
rng = np.random.default_rng(5827)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 1:2] - 0.4 * XS[:, 0:1] * XS[:, 3:4]).astype(np.float32)


class Cfg:
    base = 2.0
    computed = 0

    @functools.cached_property
    def scale(self):
        Cfg.computed += 1
        return 1.0 / self.base


CFG = Cfg()
inp = keras.Input((4,))
out = keras.layers.Dense(1)(keras.layers.Dense(8, activation="tanh")(inp))
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y)) * CFG.scale
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 7:
        Cfg.base = 4.0
    if step == 12:
        del CFG.scale
    if step == 20:
        Cfg.base = 0.5
        del CFG.scale
    if step == 27:
        Cfg.scale = 3.0
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), CFG.__dict__.get("scale"), Cfg.computed)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "computed": Cfg.computed}))
