"""A Sequential regressor whose hidden Dense layer holds two program objects of classes
with `__slots__` (so they have no instance `__dict__` at all): its activation, a
`Swish` object reading the slot `beta`, and its kernel regularizer, an `L2Slot` object
reading the slot `coef` (Keras adds its penalty through `add_loss` when the layer is
called; the step adds `sum(MODEL.losses)`).  Keras calls both natively while the
step's graph is built.  Mid-run only slots are written: at step 8 `ACT.beta = 3.0`, at
step 14 `REG.coef = 0.05`, at step 20 `Swish.beta.__set__(ACT, 0.5)` (the member
descriptor directly), at step 26 `object.__setattr__(REG, "coef", 0.0)`.
Probes: `__slots__` values of program objects held by a Keras layer and called back
by library code: state with no dict for a watcher to see."""
import random

import numpy

random.seed(5737)
numpy.random.seed(5737)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5737)
rng = np.random.default_rng(5737)
XS = rng.normal(size=(176, 5)).astype(np.float32)
YS = (np.abs(XS[:, :2]).sum(axis=1, keepdims=True) - XS[:, 4:5]).astype(np.float32)


class Swish:
    __slots__ = ("beta",)

    def __init__(self, beta):
        self.beta = beta

    def __call__(self, x):
        return x * tf.sigmoid(self.beta * x)


class L2Slot:
    __slots__ = ("coef",)

    def __init__(self, coef):
        self.coef = coef

    def __call__(self, w):
        return self.coef * tf.reduce_sum(tf.square(w))


ACT = Swish(1.0)
REG = L2Slot(0.001)
HID = keras.layers.Dense(10, activation=ACT, kernel_regularizer=REG)
MODEL = keras.Sequential([keras.Input((5,)), HID, keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        mse = tf.reduce_mean(tf.square(pred - y))
        reg = tf.add_n(MODEL.losses)
        loss = mse + reg
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return mse, reg


for step in range(32):
    if step == 8:
        ACT.beta = 3.0
    if step == 14:
        REG.coef = 0.05
    if step == 20:
        Swish.beta.__set__(ACT, 0.5)
    if step == 26:
        object.__setattr__(REG, "coef", 0.0)
    i = (step * 8) % 168
    mse, reg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(mse)), repr(float(reg)), repr(ACT.beta), repr(REG.coef),
          repr(float(HID.kernel.numpy()[0, 0])))

print(json.dumps({
    "hid": [repr(float(v)) for v in HID.kernel.numpy().ravel()[:10]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
