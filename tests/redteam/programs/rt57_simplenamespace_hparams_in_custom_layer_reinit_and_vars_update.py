"""A subclassed model whose custom `Residual` layer reads its mixing hyperparameters
from a `types.SimpleNamespace` it holds (`self.hp.alpha`, `self.hp.drop_scale`), and
whose step reads `MODEL.block.hp.l2` for a penalty.  The namespace is changed mid-run
only through C code, never by a Python attribute assignment: at step 7
`vars(hp).update(alpha=0.2)` (a dict method on the namespace's dict), at step 13
`hp.__init__(alpha=0.9, l2=0.01)` (SimpleNamespace's C `__init__` updating its dict in
place), at step 19 `operator.setitem(vars(hp), "drop_scale", 0.5)`, at step 25 the layer gets a new, equal-looking namespace object, and at
step 30 `vars(hp).pop("l2")` so the step's `getattr(hp, "l2", 0.0)` default applies.
Probes: SimpleNamespace state changed by C code paths, read by Keras-called program
code and the step."""
import random

import numpy

random.seed(5721)
numpy.random.seed(5721)

import json
import operator
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5721)
rng = np.random.default_rng(5721)
XS = rng.normal(size=(176, 6)).astype(np.float32)
YS = (XS[:, :2].prod(axis=1, keepdims=True) + 0.2 * XS[:, 2:3]).astype(np.float32)


class Residual(keras.layers.Layer):
    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.units = units
        self.hp = types.SimpleNamespace(alpha=0.5, drop_scale=1.0, l2=0.001)

    def build(self, input_shape):
        self.inner = keras.layers.Dense(self.units, activation="tanh")
        self.inner.build(input_shape)

    def call(self, x):
        hp = self.hp
        return x * (1.0 - hp.alpha) + self.inner(x) * hp.alpha * hp.drop_scale


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.block = Residual(6)
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.block(x))


MODEL = Net()
MODEL(tf.constant(XS[:2]))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    l2 = getattr(MODEL.block.hp, "l2", 0.0)
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
        total = loss + l2 * tf.reduce_sum(tf.square(MODEL.block.inner.kernel))
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, l2


for step in range(34):
    hp = MODEL.block.hp
    if step == 7:
        vars(hp).update(alpha=0.2)
    if step == 13:
        hp.__init__(alpha=0.9, l2=0.01)
    if step == 19:
        operator.setitem(vars(hp), "drop_scale", 0.5)
    if step == 25:
        MODEL.block.hp = types.SimpleNamespace(**vars(hp))
    if step == 30:
        vars(MODEL.block.hp).pop("l2")
    i = (step * 8) % 168
    loss, l2 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(l2), MODEL.block.hp,
          repr(float(MODEL.out.kernel.numpy()[0, 0])))

print(json.dumps({
    "inner": [repr(float(v)) for v in MODEL.block.inner.kernel.numpy().ravel()[:8]],
    "out": [repr(float(v)) for v in MODEL.out.kernel.numpy().ravel()],
}))
