"""A functional Keras model's prediction is recalibrated by every coefficient table in
`CALIB["tables"]`: the step reads each one by subscript, `pred * table["scale"] +
table["bias"]`, which runs the class's `__getitem__`.  Mid-run the loop assigns other
functions to that dunder (`Table.__getitem__ = muted_item`, then `doubled_item`, then
the original back)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(24)


class Table:
    def __init__(self, scale, bias):
        self.scale = scale
        self.bias = bias

    def __getitem__(self, key):
        return getattr(self, key)


def muted_item(self, key):
    return 1.0 if key == "scale" else 0.0


def doubled_item(self, key):
    return getattr(self, key) * 2.0


TABLE_ITEM = Table.__getitem__

rng = np.random.default_rng(43)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.3 * XS[:, 2:]).astype(np.float32)
inp = keras.Input((3,))
hid = keras.layers.Dense(6, activation="tanh")(inp)
out = keras.layers.Dense(1)(hid)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.SGD(0.05)
CALIB = {"tables": [Table(0.5, 0.1), Table(1.5, -0.2)]}


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        for table in CALIB["tables"]:
            pred = pred * table["scale"] + table["bias"]
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Table.__getitem__ = muted_item
    if step == 14:
        Table.__getitem__ = doubled_item
    if step == 19:
        Table.__getitem__ = TABLE_ITEM
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), Table.__getitem__.__name__)
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
