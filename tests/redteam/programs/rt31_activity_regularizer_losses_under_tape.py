"""Co-executed step (zlib.crc32 of the logits decides nothing but is logged) of a
model whose hidden Dense has an activity_regularizer and whose custom layer calls
self.add_loss(...) in call().  Under the tape the step adds sum(model.losses) to the
loss, so the gradient flows through the losses Keras recorded during the model
site.  At step 12 the loop changes the regularizer's l2 factor.  Probes: layer
losses a site leaves behind, read and differentiated by the program's tape."""
import random

import numpy

random.seed(40)
numpy.random.seed(40)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4001)
rng = np.random.default_rng(4001)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) > 0).astype(np.float32)


class Smooth(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.factor = 0.05

    def call(self, x):
        self.add_loss(self.factor * keras.ops.mean(keras.ops.square(x)))
        return x


reg = keras.regularizers.L2(0.01)
model = keras.Sequential([keras.Input((5,)),
                          keras.layers.Dense(8, activation="relu", activity_regularizer=reg),
                          Smooth(),
                          keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.02)
log = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        data_loss = bce(y, logits)
        reg_loss = tf.add_n(model.losses)
        loss = data_loss + reg_loss
    log.append(zlib.crc32(logits.numpy().tobytes()) % 1000)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return data_loss, reg_loss, len(model.losses)


for step in range(30):
    if step == 12:
        reg.l2 = 0.2
    if step == 20:
        model.layers[1].factor = 0.5
    i = (step * 8) % 56
    d, r, n = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(d)), repr(float(r)), n, [repr(float(l)) for l in model.losses])

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "log": log[-4:],
}))
