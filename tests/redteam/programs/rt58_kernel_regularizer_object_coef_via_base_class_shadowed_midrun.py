"""A Sequential model whose first Dense layer has a program regularizer object
(`L2Reg()`, a plain class with `__call__`) that Keras calls in the layer's call and
records through add_loss; the step adds `sum(MODEL.losses)` to its loss.  The object's
`coef` is found on its base class: mid-run the base's coef is changed (step 8), the
subclass shadows it (step 15), the instance shadows that (step 21), the subclass's entry
is deleted and the instance's too (step 27: the base's value again).
Probes: a program object Keras holds and calls back (a regularizer), whose attribute
resolves through its class's MRO, changed at each level of the MRO."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5812)
rng = np.random.default_rng(5812)
XS = rng.normal(size=(120, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.7 + np.sin(XS[:, 2:3])).astype(np.float32)


class RegBase:
    coef = 1e-3


class L2Reg(RegBase):
    def __call__(self, w):
        return self.coef * tf.reduce_sum(tf.square(w))

    def get_config(self):
        return {}


REG = L2Reg()
MODEL = keras.Sequential([keras.Input((5,)),
                          keras.layers.Dense(10, activation="tanh", kernel_regularizer=REG),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        data_loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
        reg = tf.add_n(MODEL.losses)
        loss = data_loss + reg
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, reg


for step in range(32):
    if step == 8:
        RegBase.coef = 5e-2
    if step == 15:
        L2Reg.coef = 0.0
    if step == 21:
        REG.coef = 1e-2
    if step == 27:
        del L2Reg.coef
        del REG.coef
    i = (step * 10) % 110
    loss, reg = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(float(reg)))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:10]]}))
